import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { ApiError, Button, toast, useReauthentication } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import type { TApiKey, TCreatedApiKey } from '@dealflow/contracts';
import { ApiKeyMessages } from '@dealflow/contracts/plans';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Section, useFormStyles } from './Section.js';
import { QueryState } from './TeamParts.js';
import { errorText, formatDate } from '../lib/format.js';

type TScope = TApiKey['scope'];

export const API_KEYS_DESCRIPTION =
  'Programs call the records, deals and mail-intake API with a key: Authorization: Bearer <key>. Read keys can list records and deals; write keys can also submit messages.';
export const SECRET_NOTICE = 'Copy this key now. For your security it will not be shown again.';
const scopeLabel = (scope: TScope) => (scope === 'write' ? 'Read and write' : 'Read only');

/** Basic and free organizations: what Pro adds, and the way to it. */
function UpgradePanel({ message }: { message: string }) {
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>API access is a Pro feature</MessageBarTitle>
        {message} <Link to="/billing">See plans and upgrade</Link>
      </MessageBarBody>
    </MessageBar>
  );
}

function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: TCreatedApiKey) => void;
}) {
  const styles = useFormStyles();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TScope>('read');
  const [nameError, setNameError] = useState<string | undefined>();
  // A new key needs a password check within 10 minutes: the shared prompt asks for it, then creates the key.
  const { withReauthentication, prompt } = useReauthentication();
  const create = useMutation({
    mutationFn: () => withReauthentication(() => api.identity.createApiKey({ name: name.trim(), scope })),
    onSuccess: (created) => {
      setName('');
      setScope('read');
      onCreated(created);
    },
  });
  const close = () => {
    if (create.isPending) return;
    setNameError(undefined);
    create.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(ApiKeyMessages.nameRequired);
    if (trimmed.length > 60) return setNameError(ApiKeyMessages.nameMax);
    setNameError(undefined);
    create.mutate();
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : close())}>
      <DialogSurface>
        {/* Nested in this dialog's surface (Fluent's nested dialog), outside its form. */}
        {prompt}
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>Create API key</DialogTitle>
            <DialogContent className={styles.form}>
              <Field
                label="Name"
                required
                hint="What the key is for, e.g. the program that uses it."
                validationMessage={nameError}
              >
                <Input value={name} maxLength={60} onChange={(_, data) => setName(data.value)} />
              </Field>
              <Field label="Scope">
                <RadioGroup value={scope} onChange={(_, data) => setScope(data.value as TScope)}>
                  <Radio value="read" label="Read only: list records and deals" />
                  <Radio value="write" label="Read and write: also submit messages to the intake" />
                </RadioGroup>
              </Field>
              {create.error ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{errorText(create.error, 'The key could not be created.')}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" appearance="primary" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create Key'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** The key as created: shown once, with a copy button. */
function SecretDialog({ created, onClose }: { created: TCreatedApiKey | null; onClose: () => void }) {
  const styles = useFormStyles();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast({ title: 'Copied', description: 'The API key is on your clipboard.', variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the key and copy it yourself.',
        variant: 'error',
      });
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={created !== null} onOpenChange={(_, data) => (data.open ? undefined : close())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>API key created</DialogTitle>
          <DialogContent className={styles.form}>
            <MessageBar intent="warning">
              <MessageBarBody>{SECRET_NOTICE}</MessageBarBody>
            </MessageBar>
            <Field label={`Key "${created?.key.name ?? ''}"`}>
              <Input
                readOnly
                value={created?.secret ?? ''}
                data-testid="api-key-secret"
                onFocus={(event) => event.currentTarget.select()}
                style={{ fontFamily: 'monospace' }}
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={copy}>
              {copied ? 'Copied' : 'Copy Key'}
            </Button>
            <Button appearance="primary" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * Settings > Organization > API keys (owners; Pro). Basic and free organizations see the upgrade panel:
 * the server answers 403 (the shared PLAN_REQUIRED) with the upgrade message, which is how the panel tells
 * it from another refusal.
 */
export function ApiKeysSection() {
  const styles = useFormStyles();
  const queryClient = useQueryClient();
  const keys = useQuery(api.identity.listApiKeys.queryOptions());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.identity.listApiKeys.key() });
  const revoke = useMutation({
    mutationFn: (key: TApiKey) => api.identity.revokeApiKey({ params: { id: key.id } }),
    onSuccess: (_, key) => {
      setRevoking(null);
      toast({
        title: 'API key revoked',
        description: `"${key.name}" no longer works.`,
        variant: 'success',
      });
      void refresh();
    },
    onError: (error) =>
      toast({
        title: 'Revocation failed',
        description: errorText(error, 'The key could not be revoked.'),
        variant: 'error',
      }),
  });

  const upgradeMessage =
    keys.error instanceof ApiError &&
    keys.error.status === 403 &&
    keys.error.message === ApiKeyMessages.proRequired
      ? keys.error.message
      : null;
  return (
    <Section
      title="API keys"
      description={API_KEYS_DESCRIPTION}
      actions={
        keys.data ? (
          <Button appearance="primary" onClick={() => setCreating(true)}>
            Create API Key
          </Button>
        ) : null
      }
    >
      {upgradeMessage ? (
        <UpgradePanel message={upgradeMessage} />
      ) : (
        <QueryState
          isPending={keys.isPending}
          error={keys.error}
          onRetry={() => void keys.refetch()}
          label="API keys"
        />
      )}
      {keys.data && keys.data.keys.length === 0 ? (
        <p className={styles.muted}>No API keys yet. Create one to call the API from your own programs.</p>
      ) : null}
      {keys.data && keys.data.keys.length > 0 ? (
        <Table aria-label="API keys" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Key</TableHeaderCell>
              <TableHeaderCell>Scope</TableHeaderCell>
              <TableHeaderCell>Created by</TableHeaderCell>
              <TableHeaderCell>Created</TableHeaderCell>
              <TableHeaderCell>Last used</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.data.keys.map((key) => (
              <TableRow key={key.id}>
                <TableCell>{key.name}</TableCell>
                <TableCell>
                  <code>{key.prefix}_…</code>
                </TableCell>
                <TableCell>
                  <Badge appearance="tint" color={key.scope === 'write' ? 'warning' : 'informative'}>
                    {scopeLabel(key.scope)}
                  </Badge>
                </TableCell>
                <TableCell>{key.createdBy?.name || '—'}</TableCell>
                <TableCell>{formatDate(key.createdAt)}</TableCell>
                <TableCell>{key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'}</TableCell>
                <TableCell>
                  <Button size="small" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                    Revoke
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(next) => {
          setCreating(false);
          setCreated(next);
          void refresh();
        }}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this API key?"
        confirmLabel={revoke.isPending ? 'Revoking...' : 'Revoke Key'}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      >
        Programs using &quot;{revoking?.name}&quot; ({revoking?.prefix}_…) are refused from their next
        request. This cannot be undone.
      </ConfirmDialog>
    </Section>
  );
}
