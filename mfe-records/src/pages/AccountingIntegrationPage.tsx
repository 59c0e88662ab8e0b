import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Switch,
  Tab,
  TabList,
} from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { PageHeading, toast, useAuth, Button } from '@dealflow/web-kit';
import {
  ACCOUNTING_KEY,
  errorText,
  getAccounting,
  updateAccounting,
  type TAccountingSettings,
  type TAccountingUpdate,
} from '../lib/records-api.js';
import { simulatedDelay, useIntegrationStyles } from '../components/IntegrationLayout.js';

export const AccountingTexts = {
  credentialsRequired: 'Client ID and Client Secret are required',
} as const;

export const DATA_FORMATS = ['json', 'xml', 'csv'] as const;
export const SYNC_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export const SYNC_SCOPES = [
  { value: 'all', label: 'All data' },
  { value: 'customers', label: 'Customers' },
  { value: 'transactions', label: 'Transactions' },
  { value: 'products', label: 'Products' },
] as const;

type TTab = 'setup' | 'settings' | 'sync';
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Seed 001 section 5: both credentials are required to connect. */
export const validateAccountingCredentials = (clientId: string, clientSecret: string): string | null =>
  clientId.trim() && clientSecret.trim() ? null : AccountingTexts.credentialsRequired;

function useSaveAccounting(success: { title: string; description: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAccountingUpdate) => updateAccounting(body),
    onSuccess: (next: TAccountingSettings) => {
      queryClient.setQueryData(ACCOUNTING_KEY, next);
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
      <Field label="Environment">
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
      <Field label="Data format">
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
      <Switch
        label="Encryption"
        checked={encryption}
        onChange={(_e, d) => setEncryption(d.checked)}
        disabled={!isOwner}
      />
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

function SyncTab({ settings }: { settings: TAccountingSettings }) {
  const styles = useIntegrationStyles();
  const [scope, setScope] = useState<string>('all');
  // No accounting provider is wired yet: the sync is the seed's local simulation (1.5 s), nothing is sent.
  const sync = useMutation({
    mutationFn: () => simulatedDelay(1500),
    onSuccess: () =>
      toast({
        title: 'Sync Completed',
        description: `${SYNC_SCOPES.find((s) => s.value === scope)?.label ?? 'Data'} synchronized.`,
        variant: 'success',
      }),
  });
  return (
    <div className={styles.form}>
      <Field label="Data to sync">
        <Select value={scope} onChange={(_e, d) => setScope(d.value)}>
          {SYNC_SCOPES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </Field>
      {settings.lastSyncAt ? (
        <p className={styles.muted}>Last sync {new Date(settings.lastSyncAt).toLocaleString()}</p>
      ) : null}
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={sync.isPending} onClick={() => sync.mutate()}>
          {sync.isPending ? 'Syncing...' : 'Start Sync'}
        </Button>
      </div>
    </div>
  );
}

/** Integration 2 (/integration-2, /xero-connection): accounting connection settings kept on the server. */
export default function AccountingIntegrationPage() {
  const styles = useIntegrationStyles();
  const navigate = useNavigate();
  const { isOwner } = useAuth();
  const [tab, setTab] = useState<TTab>('setup');
  const accounting = useQuery({ queryKey: ACCOUNTING_KEY, queryFn: getAccounting });
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
      <PageHeading description="Connect your accounting system.">Integration 2</PageHeading>
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
          {tab === 'sync' ? <SyncTab settings={accounting.data} /> : null}
        </Card>
      )}
    </div>
  );
}
