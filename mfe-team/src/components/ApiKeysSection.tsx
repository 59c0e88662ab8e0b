import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Field,
  Input,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { Button, toast, useReauthentication } from '@dealflow/web-kit';
import { SettingsSection } from '@dealflow/web-kit/settings';
import { api } from '@dealflow/contracts/client';
import type { TApiKey, TCreatedApiKey } from '@dealflow/contracts';
import { ApiKeyMessages } from '@dealflow/contracts/plans';
import { ConfirmDialog } from './ConfirmDialog.js';
import { FormDialog, SecretOnceDialog } from './SettingsDialogs.js';
import { errorText, formatDate } from '../lib/format.js';
import { ZApiKeyForm, type TApiKeyForm } from '../lib/forms.js';

type TScope = TApiKey['scope'];

export const API_KEYS_DESCRIPTION =
  'Programs call the records, deals and mail-intake API with a key: Authorization: Bearer <key>. Read keys can list records and deals; write keys can also submit messages.';
export const SECRET_NOTICE = 'Copy this key now. For your security it will not be shown again.';
const scopeLabel = (scope: TScope) => (scope === 'write' ? 'Read and write' : 'Read only');

function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: TCreatedApiKey) => void;
}) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TApiKeyForm>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(ZApiKeyForm),
    defaultValues: { name: '', scope: 'read' },
  });
  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const name = useWatch({ control, name: 'name' });
  // A new key needs a password check within 10 minutes: the shared prompt asks for it, then creates the key.
  const { withReauthentication, prompt } = useReauthentication();
  const create = useMutation({
    mutationFn: (values: TApiKeyForm) =>
      withReauthentication(() =>
        api.identity.createApiKey({ name: values.name.trim(), scope: values.scope }),
      ),
    onSuccess: (created) => {
      reset();
      onCreated(created);
    },
  });
  const close = () => {
    if (create.isPending) return;
    reset(undefined, { keepValues: true });
    create.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Create API key"
      onClose={close}
      onSubmit={handleSubmit((values) => create.mutate(values))}
      busy={create.isPending}
      error={create.error}
      errorFallback="The key could not be created."
      submitLabel="Create Key"
      busyLabel="Creating..."
      nested={prompt}
    >
      <Field
        label="Name"
        required
        hint="What the key is for, e.g. the program that uses it."
        validationMessage={errors.name?.message}
      >
        <Input {...register('name')} value={name} maxLength={60} />
      </Field>
      <Field label="Scope">
        <Controller
          control={control}
          name="scope"
          render={({ field }) => (
            <RadioGroup value={field.value} onChange={(_, data) => field.onChange(data.value as TScope)}>
              <Radio value="read" label="Read only: list records and deals" />
              <Radio value="write" label="Read and write: also submit messages to the intake" />
            </RadioGroup>
          )}
        />
      </Field>
    </FormDialog>
  );
}

/**
 * Settings > Organization > API keys (owners; Pro). Basic and free organizations see the upgrade panel:
 * the server answers 403 (the shared PLAN_REQUIRED) with the upgrade message, which is how the panel tells
 * it from another refusal.
 */
export function ApiKeysSection() {
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

  return (
    <SettingsSection
      title="API keys"
      description={API_KEYS_DESCRIPTION}
      actions={
        keys.data ? (
          <Button appearance="primary" onClick={() => setCreating(true)}>
            Create API Key
          </Button>
        ) : null
      }
      query={keys}
      queryLabel="API keys"
      empty={{
        when: keys.data?.keys.length === 0,
        text: 'No API keys yet. Create one to call the API from your own programs.',
      }}
      upgrade={{
        title: 'API access is a Pro feature',
        matches: (message) => message === ApiKeyMessages.proRequired,
      }}
    >
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
      <SecretOnceDialog
        title="API key created"
        notice={SECRET_NOTICE}
        fieldLabel={`Key "${created?.key.name ?? ''}"`}
        secret={created?.secret ?? null}
        testId="api-key-secret"
        copy={{ label: 'Copy Key', copied: 'The API key is on your clipboard.' }}
        onClose={() => setCreated(null)}
      />
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
    </SettingsSection>
  );
}
