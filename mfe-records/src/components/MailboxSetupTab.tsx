import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import { Badge, Field, Input, MessageBar, MessageBarBody, Switch } from '@fluentui/react-components';
import { toast, Button } from '@dealflow/web-kit';
import { errorText, type TMailboxConnectBody, type TMailboxStatus } from '../lib/records-api.js';
import { useIntegrationStyles } from './IntegrationLayout.js';
import { validateMailboxForm, type TMailboxForm, type TMailboxFormErrors } from '../lib/mailbox-form.js';
import { IntegrationLimitNotice } from './IntegrationLimitNotice.js';

/** The Setup tab: connect, test and disconnect the organization's mailbox. */
export function SetupTab({ status, isOwner }: { status: TMailboxStatus; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TMailboxForm>({
    host: status.host ?? 'imap.gmail.com',
    port: String(status.port ?? 993),
    secure: true,
    username: status.username ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<TMailboxFormErrors>({});
  const set = <K extends keyof TMailboxForm>(key: K, value: TMailboxForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const save = (next: TMailboxStatus) => queryClient.setQueryData(api.ingest.mailbox.key(), next);

  const test = useMutation({
    mutationFn: (body: TMailboxConnectBody) => api.ingest.mailboxTest(body),
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
    mutationFn: (body: TMailboxConnectBody) => api.ingest.mailboxConnect(body),
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
    mutationFn: () => api.ingest.mailboxDisconnect(),
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
      <IntegrationLimitNotice error={connect.error} />
    </form>
  );
}
