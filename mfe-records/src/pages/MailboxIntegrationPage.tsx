import { useEffect, useState, type FormEvent } from 'react';
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
import { ArrowLeft20Regular, Copy20Regular } from '@fluentui/react-icons';
import { PageHeading, toast, useAuth, Button } from '@dealflow/web-kit';
import {
  MAILBOX_KEY,
  connectMailbox,
  disconnectMailbox,
  errorText,
  getMailbox,
  testMailbox,
  updateMailboxSettings,
  type TMailboxConnectBody,
  type TMailboxStatus,
} from '../lib/records-api.js';
import { useIntegrationStyles } from '../components/IntegrationLayout.js';

export const MailboxTexts = {
  passwordRequired: 'API key is required',
  hostRequired: 'IMAP host is required',
  usernameRequired: 'Username is required',
  portInvalid: 'Port must be a number between 1 and 65535',
} as const;

export const AUTO_SCAN_CHOICES = [
  { value: 0, label: 'Off (Scan button only)' },
  { value: 5, label: 'Every 5 minutes' },
  { value: 15, label: 'Every 15 minutes' },
  { value: 30, label: 'Every 30 minutes' },
  { value: 60, label: 'Every hour' },
  { value: 1440, label: 'Once a day' },
] as const;

interface TForm {
  host: string;
  port: string;
  secure: boolean;
  username: string;
  password: string;
}
type TErrors = Partial<Record<keyof TForm, string>>;

/** Seed 001 section 5: the (app password) key is required; the IMAP fields the real connection needs too. */
export function validateMailboxForm(form: TForm): { errors: TErrors; body: TMailboxConnectBody | null } {
  const errors: TErrors = {};
  const port = Number(form.port);
  if (!form.host.trim()) errors.host = MailboxTexts.hostRequired;
  if (!Number.isInteger(port) || port < 1 || port > 65535) errors.port = MailboxTexts.portInvalid;
  if (!form.username.trim()) errors.username = MailboxTexts.usernameRequired;
  if (!form.password) errors.password = MailboxTexts.passwordRequired;
  if (Object.keys(errors).length > 0) return { errors, body: null };
  return {
    errors,
    body: {
      host: form.host.trim(),
      port,
      secure: form.secure,
      username: form.username.trim(),
      password: form.password,
    },
  };
}

function SetupTab({ status, isOwner }: { status: TMailboxStatus; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TForm>({
    host: status.host ?? 'imap.gmail.com',
    port: String(status.port ?? 993),
    secure: true,
    username: status.username ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<TErrors>({});
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const save = (next: TMailboxStatus) => queryClient.setQueryData(MAILBOX_KEY, next);

  const test = useMutation({
    mutationFn: testMailbox,
    onSuccess: (result) =>
      toast({ title: 'Connection Successful', description: result.message, variant: 'success' }),
    onError: (error) =>
      toast({
        title: 'Connection Failed',
        description: errorText(error, 'The mailbox could not be reached.'),
        variant: 'error',
      }),
  });
  const connect = useMutation({
    mutationFn: connectMailbox,
    onSuccess: (next) => {
      save(next);
      setForm((f) => ({ ...f, password: '' }));
      toast({
        title: 'Mailbox Connected',
        description: `Connected to ${next.username ?? 'the mailbox'}.`,
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Connection Failed',
        description: errorText(error, 'The mailbox could not be connected.'),
        variant: 'error',
      }),
  });
  const disconnect = useMutation({
    mutationFn: disconnectMailbox,
    onSuccess: (next) => {
      save(next);
      toast({
        title: 'Mailbox Disconnected',
        description: 'The stored credentials were deleted.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Disconnect Failed',
        description: errorText(error, 'The mailbox could not be disconnected.'),
        variant: 'error',
      }),
  });
  const busy = test.isPending || connect.isPending || disconnect.isPending;

  const submit = (action: 'test' | 'connect') => (event?: FormEvent) => {
    event?.preventDefault();
    const { errors: found, body } = validateMailboxForm(form);
    setErrors(found);
    if (!body) return;
    if (action === 'test') test.mutate(body);
    else connect.mutate(body);
  };

  return (
    <form className={styles.form} onSubmit={submit('connect')} noValidate aria-label="Mailbox connection">
      <div className={styles.status}>
        <span>Status:</span>
        <Badge appearance="tint" color={status.connected ? 'success' : 'subtle'}>
          {status.connected ? 'Connected' : 'Disconnected'}
        </Badge>
        {status.lastScanAt ? (
          <span className={styles.muted}>Last scan {new Date(status.lastScanAt).toLocaleString()}</span>
        ) : null}
      </div>
      <p className={styles.muted}>
        Connect the IMAP mailbox that receives founders’ emails. For Gmail use imap.gmail.com, port 993, your
        address and an app password (Google Account › Security › App passwords).
      </p>
      <div className={styles.row}>
        <Field label="IMAP host" required validationMessage={errors.host} className={styles.grow}>
          <Input
            value={form.host}
            onChange={(_e, d) => set('host', d.value)}
            autoComplete="off"
            disabled={!isOwner}
          />
        </Field>
        <Field label="Port" required validationMessage={errors.port}>
          <Input
            value={form.port}
            onChange={(_e, d) => set('port', d.value)}
            inputMode="numeric"
            disabled={!isOwner}
            style={{ width: 110 }}
          />
        </Field>
      </div>
      <Switch
        label="Use TLS"
        checked={form.secure}
        onChange={(_e, d) => set('secure', d.checked)}
        disabled={!isOwner}
      />
      <Field label="Username" required validationMessage={errors.username}>
        <Input
          value={form.username}
          onChange={(_e, d) => set('username', d.value)}
          autoComplete="username"
          disabled={!isOwner}
        />
      </Field>
      <Field
        label="App password"
        required
        validationMessage={errors.password}
        hint="The mailbox's app password (the API key of this integration). Stored encrypted."
      >
        <Input
          type="password"
          value={form.password}
          onChange={(_e, d) => set('password', d.value)}
          autoComplete="new-password"
          disabled={!isOwner}
        />
      </Field>
      {!isOwner ? (
        <MessageBar intent="info">
          <MessageBarBody>Only the organization owner can change the mailbox connection.</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={!isOwner || busy}>
          {connect.isPending ? 'Connecting...' : status.connected ? 'Reconnect' : 'Connect'}
        </Button>
        <Button type="button" onClick={() => submit('test')()} disabled={!isOwner || busy}>
          {test.isPending ? 'Testing...' : 'Test Connection'}
        </Button>
        {status.connected ? (
          <Button type="button" onClick={() => disconnect.mutate()} disabled={!isOwner || busy}>
            {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function SettingsTab({ status, isOwner }: { status: TMailboxStatus; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState(status.settings.folder);
  const [autoScanMinutes, setAutoScanMinutes] = useState(status.settings.autoScanMinutes);
  const [folderError, setFolderError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: updateMailboxSettings,
    onSuccess: (next) => {
      queryClient.setQueryData(MAILBOX_KEY, next);
      toast({
        title: 'Settings Saved',
        description: 'The mailbox settings were updated.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Update failed',
        description: errorText(error, 'The settings could not be saved.'),
        variant: 'error',
      }),
  });
  const choices = AUTO_SCAN_CHOICES.some((c) => c.value === autoScanMinutes)
    ? AUTO_SCAN_CHOICES
    : [...AUTO_SCAN_CHOICES, { value: autoScanMinutes, label: `Every ${autoScanMinutes} minutes` }];
  return (
    <form
      className={styles.form}
      aria-label="Mailbox settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (!folder.trim()) return setFolderError('Folder is required');
        save.mutate({ folder: folder.trim(), autoScanMinutes });
      }}
    >
      <Field
        label="Folder"
        required
        validationMessage={folderError}
        hint="The mailbox folder scanned for new messages."
      >
        <Input
          value={folder}
          onChange={(_e, d) => (setFolder(d.value), setFolderError(undefined))}
          disabled={!isOwner}
        />
      </Field>
      <Field label="Auto-scan interval">
        <Select
          value={String(autoScanMinutes)}
          onChange={(_e, d) => setAutoScanMinutes(Number(d.value))}
          disabled={!isOwner}
        >
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={!isOwner || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}

/** Integration 1 (/integration-1, /gmail-connection): the organization's mailbox, made real (issue 5). */
export default function MailboxIntegrationPage() {
  const styles = useIntegrationStyles();
  const navigate = useNavigate();
  const { isOwner } = useAuth();
  const [tab, setTab] = useState<'setup' | 'settings'>('setup');
  const mailbox = useQuery({ queryKey: MAILBOX_KEY, queryFn: getMailbox });
  const connected = mailbox.data?.connected ?? false;
  useEffect(() => {
    if (!connected && tab === 'settings') setTab('setup');
  }, [connected, tab]);

  const copyAddress = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Copied', description: address, variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the address and copy it by hand.',
        variant: 'error',
      });
    }
  };

  return (
    <div>
      <div className={styles.top}>
        <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => navigate('/dashboard')}>
          Back to Dashboard
        </Button>
      </div>
      <PageHeading description="Receive founders’ emails: forward them to your inbound address, or connect a mailbox to scan.">
        Integration 1
      </PageHeading>
      {mailbox.isPending ? (
        <div className={styles.center}>
          <Spinner label="Loading the connection..." />
        </div>
      ) : mailbox.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(mailbox.error, 'The connection could not be loaded.')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <Card style={{ marginBottom: 16 }}>
            <h2 className={styles.sectionTitle}>Inbound forwarding address</h2>
            <p className={styles.muted}>
              Emails sent or forwarded to this address become records of your organization.
            </p>
            <div className={styles.address}>
              <span data-testid="inbound-address">{mailbox.data.inboundAddress}</span>
              <Button
                appearance="subtle"
                size="small"
                icon={<Copy20Regular />}
                aria-label="Copy address"
                onClick={() => void copyAddress(mailbox.data.inboundAddress)}
              />
            </div>
          </Card>
          <Card>
            <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as 'setup' | 'settings')}>
              <Tab value="setup">Setup</Tab>
              <Tab value="settings" disabled={!connected}>
                Settings
              </Tab>
            </TabList>
            {tab === 'setup' ? (
              <SetupTab key={`${mailbox.data.connected}`} status={mailbox.data} isOwner={isOwner} />
            ) : (
              <SettingsTab status={mailbox.data} isOwner={isOwner} />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
