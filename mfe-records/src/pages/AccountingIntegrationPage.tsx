import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import {
  Badge,
  Card,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TabList,
} from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { ApiError, PageHeading, toast, useAuth, Button } from '@dealflow/web-kit';
import {
  accountingSyncExportUrl,
  errorText,
  type TAccountingSettings,
  type TAccountingSyncRun,
  type TAccountingUpdate,
} from '../lib/records-api.js';
import { useIntegrationStyles } from '../components/IntegrationLayout.js';
import { IntegrationLimitNotice } from '../components/IntegrationLimitNotice.js';
import { AffinityConnectionCard } from '../components/AffinityConnectionCard.js';

export const AccountingTexts = {
  credentialsRequired: 'Client ID and Client Secret are required',
  syncRunning: 'A sync is already running',
  exportFormatHint:
    'Xero always receives JSON through its API. This is the format of the file each sync keeps of what it sent (the contacts, their Xero ContactIDs and outcome): download it from the sync log.',
  encryptionHint: "Keeps each sync's export encrypted at rest (AES-256-GCM with your organization's key).",
} as const;

export const DATA_FORMATS = ['json', 'xml', 'csv'] as const;
export const SYNC_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
/** DealFlow holds companies (Xero contacts); it has no transactions or products to push. */
export const SYNC_SCOPES = [
  { value: 'all', label: 'All data', available: true },
  { value: 'customers', label: 'Customers', available: true },
  { value: 'transactions', label: 'Transactions (nothing to push)', available: false },
  { value: 'products', label: 'Products (nothing to push)', available: false },
] as const;

const RUN_STATUS: Record<
  TAccountingSyncRun['status'],
  { label: string; color: 'success' | 'warning' | 'danger' | 'informative' }
> = {
  running: { label: 'Running', color: 'informative' },
  succeeded: { label: 'Succeeded', color: 'success' },
  partial: { label: 'Partly failed', color: 'warning' },
  failed: { label: 'Failed', color: 'danger' },
};

type TTab = 'setup' | 'settings' | 'sync';
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Seed 001 section 5: both credentials are required to connect. */
export const validateAccountingCredentials = (clientId: string, clientSecret: string): string | null =>
  clientId.trim() && clientSecret.trim() ? null : AccountingTexts.credentialsRequired;

function useSaveAccounting(success: { title: string; description: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAccountingUpdate) => api.ingest.accountingUpdate(body),
    onSuccess: (next: TAccountingSettings) => {
      queryClient.setQueryData(api.ingest.accounting.key(), next);
      toast({ ...success, variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Update failed',
        description: errorText(error, 'The settings could not be saved.'),
        variant: 'error',
      }),
  });
}

function SetupTab({ settings, isOwner }: { settings: TAccountingSettings; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [environment, setEnvironment] = useState(settings.environment);
  const [advancedFeatures, setAdvancedFeatures] = useState(settings.advancedFeatures);
  const [error, setError] = useState<string | null>(null);
  const connect = useSaveAccounting({ title: 'Connected', description: 'Integration 2 is connected.' });
  const disconnect = useSaveAccounting({
    title: 'Disconnected',
    description: 'Integration 2 is disconnected.',
  });
  const busy = connect.isPending || disconnect.isPending;

  return (
    <form
      className={styles.form}
      aria-label="Integration 2 connection"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problem = validateAccountingCredentials(clientId, clientSecret);
        setError(problem);
        if (problem) return;
        connect.mutate({
          connected: true,
          clientId: clientId.trim(),
          clientSecret,
          environment,
          advancedFeatures,
        });
      }}
    >
      <div className={styles.status}>
        <span>Status:</span>
        <Badge appearance="tint" color={settings.connected ? 'success' : 'subtle'}>
          {settings.connected ? 'Connected' : 'Disconnected'}
        </Badge>
        {settings.connected && settings.tenantName ? <span>to {settings.tenantName}</span> : null}
      </div>
      <Field label="Client ID" required>
        <Input
          value={clientId}
          onChange={(_e, d) => (setClientId(d.value), setError(null))}
          autoComplete="off"
          disabled={!isOwner}
        />
      </Field>
      <Field
        label="Client Secret"
        required
        hint={settings.connected ? 'Stored encrypted; enter it again to change the connection.' : undefined}
      >
        <Input
          type="password"
          value={clientSecret}
          onChange={(_e, d) => (setClientSecret(d.value), setError(null))}
          autoComplete="new-password"
          disabled={!isOwner}
        />
      </Field>
      <Field
        label="Environment"
        hint="Sandbox: a Xero custom connection on the Demo Company. Production: the custom connection of your live organisation."
      >
        <Select
          value={environment}
          onChange={(_e, d) => setEnvironment(d.value as TAccountingSettings['environment'])}
          disabled={!isOwner}
        >
          <option value="sandbox">Sandbox</option>
          <option value="production">Production</option>
        </Select>
      </Field>
      <Switch
        label="Enable advanced features"
        checked={advancedFeatures}
        onChange={(_e, d) => setAdvancedFeatures(d.checked)}
        disabled={!isOwner}
      />
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {connect.error && !(connect.error instanceof ApiError && connect.error.status === 403) ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(connect.error, 'The connection could not be saved.')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!isOwner ? (
        <MessageBar intent="info">
          <MessageBarBody>Only the organization owner can change this integration.</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={!isOwner || busy}>
          {connect.isPending ? 'Connecting...' : settings.connected ? 'Update Connection' : 'Connect'}
        </Button>
        {settings.connected ? (
          <Button
            type="button"
            disabled={!isOwner || busy}
            onClick={() => disconnect.mutate({ connected: false })}
          >
            {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        ) : null}
      </div>
      <IntegrationLimitNotice error={connect.error} />
    </form>
  );
}

function SettingsTab({ settings, isOwner }: { settings: TAccountingSettings; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const [dataFormat, setDataFormat] = useState(settings.dataFormat);
  const [syncFrequency, setSyncFrequency] = useState(settings.syncFrequency);
  const [encryption, setEncryption] = useState(settings.encryption);
  const [autoSync, setAutoSync] = useState(settings.autoSync);
  const save = useSaveAccounting({
    title: 'Settings Saved',
    description: 'Integration 2 settings were updated.',
  });
  return (
    <form
      className={styles.form}
      aria-label="Integration 2 settings"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ dataFormat, syncFrequency, encryption, autoSync });
      }}
    >
      <Field label="Format of the sync export" hint={AccountingTexts.exportFormatHint}>
        <Select
          value={dataFormat}
          onChange={(_e, d) => setDataFormat(d.value as TAccountingSettings['dataFormat'])}
          disabled={!isOwner}
        >
          {DATA_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Sync frequency">
        <Select
          value={syncFrequency}
          onChange={(_e, d) => setSyncFrequency(d.value as TAccountingSettings['syncFrequency'])}
          disabled={!isOwner}
        >
          {SYNC_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {capitalize(f)}
            </option>
          ))}
        </Select>
      </Field>
      <Field hint={AccountingTexts.encryptionHint}>
        <Switch
          label="Encryption"
          checked={encryption}
          onChange={(_e, d) => setEncryption(d.checked)}
          disabled={!isOwner}
        />
      </Field>
      <Switch
        label="Automatic sync"
        checked={autoSync}
        onChange={(_e, d) => setAutoSync(d.checked)}
        disabled={!isOwner}
      />
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={!isOwner || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}

/** While a run shows as running (Start Sync elsewhere, the schedule), the log refreshes until it ends. */
const RUNNING_REFRESH_MS = 3000;

function SyncLog() {
  const styles = useIntegrationStyles();
  const log = useQuery({
    ...api.ingest.accountingSyncLog.queryOptions(),
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.status === 'running') ? RUNNING_REFRESH_MS : false,
  });
  if (log.isPending) return <Spinner size="tiny" label="Loading the sync log..." />;
  if (log.error)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(log.error, 'The sync log could not be loaded.')}</MessageBarBody>
      </MessageBar>
    );
  if (log.data.runs.length === 0) return <p className={styles.muted}>No sync has run yet.</p>;
  return (
    <Table aria-label="Sync log" size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Time</TableHeaderCell>
          <TableHeaderCell>Trigger</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Created</TableHeaderCell>
          <TableHeaderCell>Updated</TableHeaderCell>
          <TableHeaderCell>Failed</TableHeaderCell>
          <TableHeaderCell>Error</TableHeaderCell>
          <TableHeaderCell>Export</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {log.data.runs.map((run) => (
          <TableRow key={run.id}>
            <TableCell>{new Date(run.startedAt).toLocaleString()}</TableCell>
            <TableCell>{run.trigger === 'manual' ? 'Manual' : 'Scheduled'}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={RUN_STATUS[run.status].color}>
                {RUN_STATUS[run.status].label}
              </Badge>
            </TableCell>
            <TableCell>{run.created}</TableCell>
            <TableCell>{run.updated}</TableCell>
            <TableCell>{run.failed}</TableCell>
            <TableCell>{run.error ?? ''}</TableCell>
            <TableCell>
              {run.exportFormat ? (
                <Link
                  href={accountingSyncExportUrl(run.id)}
                  download
                  // Starts with the visible text (axe: label-content-name-mismatch), then says which run.
                  aria-label={`Download ${run.exportFormat.toUpperCase()}: the sync of ${new Date(run.startedAt).toLocaleString()}`}
                >
                  Download {run.exportFormat.toUpperCase()}
                </Link>
              ) : (
                <span className={styles.muted}>None</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** svc-ingest's ACCOUNTING_SYNC_RUNNING: a 409 with its message (the other 409 is "not connected"). */
const isSyncRunning = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === AccountingTexts.syncRunning;

function SyncTab({ settings, isOwner }: { settings: TAccountingSettings; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<'all' | 'customers'>('all');
  const sync = useMutation({
    mutationFn: () => api.ingest.accountingSync({ data: scope }),
    onSuccess: (run) => {
      void queryClient.invalidateQueries({ queryKey: api.ingest.accountingSyncLog.key() });
      void queryClient.invalidateQueries({ queryKey: api.ingest.accounting.key() });
      const counts = `${run.created} created, ${run.updated} updated, ${run.failed} failed.`;
      if (run.status === 'succeeded')
        toast({ title: 'Sync Completed', description: `Xero contacts: ${counts}`, variant: 'success' });
      else
        toast({
          title: run.status === 'partial' ? 'Sync Partly Failed' : 'Sync Failed',
          description: run.error ? `${counts} ${run.error}` : counts,
          variant: 'error',
        });
    },
    onError: (error) => {
      // Another sync (Start Sync elsewhere, or the schedule) holds the organization's one running run.
      if (isSyncRunning(error)) {
        void queryClient.invalidateQueries({ queryKey: api.ingest.accountingSyncLog.key() });
        return;
      }
      toast({
        title: 'Sync Failed',
        description: errorText(error, 'The sync could not be started.'),
        variant: 'error',
      });
    },
  });
  return (
    <div className={styles.form}>
      <p className={styles.muted}>
        Pushes every company that has a CRM deal to Xero
        {settings.tenantName ? ` (${settings.tenantName})` : ''} as a contact: name, website, and the founder
        named on the deck. A company already in Xero is updated, not added twice.
      </p>
      <Field label="Data to sync">
        <Select value={scope} onChange={(_e, d) => setScope(d.value as 'all' | 'customers')}>
          {SYNC_SCOPES.map((s) => (
            <option key={s.value} value={s.value} disabled={!s.available}>
              {s.label}
            </option>
          ))}
        </Select>
      </Field>
      {settings.lastSyncAt ? (
        <p className={styles.muted}>Last sync {new Date(settings.lastSyncAt).toLocaleString()}</p>
      ) : null}
      {settings.autoSync ? (
        <p className={styles.muted}>Automatic sync runs {settings.syncFrequency}.</p>
      ) : null}
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={!isOwner || sync.isPending} onClick={() => sync.mutate()}>
          {sync.isPending ? 'Syncing...' : 'Start Sync'}
        </Button>
      </div>
      {sync.error && isSyncRunning(sync.error) ? (
        <MessageBar intent="info">
          <MessageBarBody>
            {AccountingTexts.syncRunning}: it shows in the log below. Start another once it has finished.
          </MessageBarBody>
        </MessageBar>
      ) : sync.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(sync.error, 'The sync could not be started.')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <h3 className={styles.sectionTitle}>Sync log</h3>
      <SyncLog />
    </div>
  );
}

/** Integration 2 (/integration-2, /xero-connection): accounting connection settings kept on the server. */
export default function AccountingIntegrationPage() {
  const styles = useIntegrationStyles();
  const navigate = useNavigate();
  const { isOwner } = useAuth();
  const [tab, setTab] = useState<TTab>('setup');
  const accounting = useQuery(api.ingest.accounting.queryOptions());
  const connected = accounting.data?.connected ?? false;
  useEffect(() => {
    if (!connected && tab !== 'setup') setTab('setup');
  }, [connected, tab]);

  return (
    <div>
      <div className={styles.top}>
        <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => navigate('/dashboard')}>
          Back to Dashboard
        </Button>
      </div>
      <PageHeading description="Connect your accounting system and your CRM.">Integration 2</PageHeading>
      <AffinityConnectionCard isOwner={isOwner} />
      {accounting.isPending ? (
        <div className={styles.center}>
          <Spinner label="Loading the connection..." />
        </div>
      ) : accounting.error ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {errorText(accounting.error, 'The connection could not be loaded.')}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <Card>
          <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as TTab)}>
            <Tab value="setup">Setup</Tab>
            <Tab value="settings" disabled={!connected}>
              Settings
            </Tab>
            <Tab value="sync" disabled={!connected}>
              Sync
            </Tab>
          </TabList>
          {tab === 'setup' ? (
            <SetupTab key={String(connected)} settings={accounting.data} isOwner={isOwner} />
          ) : null}
          {tab === 'settings' ? <SettingsTab settings={accounting.data} isOwner={isOwner} /> : null}
          {tab === 'sync' ? <SyncTab settings={accounting.data} isOwner={isOwner} /> : null}
        </Card>
      )}
    </div>
  );
}
