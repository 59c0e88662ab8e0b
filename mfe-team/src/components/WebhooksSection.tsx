import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { Button, toast } from '@dealflow/web-kit';
import { QueryState, SettingsSection } from '@dealflow/web-kit/settings';
import { api } from '@dealflow/contracts/client';
import type { TCreatedWebhookEndpoint, TWebhookEndpoint, TWebhookEventType } from '@dealflow/contracts';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useFormStyles } from './Section.js';
import { FormDialog, SecretOnceDialog } from './SettingsDialogs.js';
import { errorText, formatDate } from '../lib/format.js';
import { ZWebhookEndpointForm, type TWebhookEndpointForm } from '../lib/forms.js';

export const WEBHOOKS_DESCRIPTION =
  'Your own systems hear of new records, deals, stage changes and comments: each event is POSTed to your https endpoint, signed as the Standard Webhooks specification says, and retried with backoff when it fails.';
export const WEBHOOK_SECRET_NOTICE =
  'Copy this signing secret now. For your security it will not be shown again.';
/** The events an endpoint may ask for (the contract's WebhookEventTypes; the main entry stays out of the bundle). */
const WebhookEventTypes: readonly TWebhookEventType[] = [
  'record.completed',
  'deal.created',
  'deal.stage_changed',
  'comment.created',
];
const EVENT_LABELS: Record<TWebhookEventType, string> = {
  'record.completed': 'Record completed',
  'deal.created': 'Deal created',
  'deal.stage_changed': 'Deal stage changed',
  'comment.created': 'Comment added',
};

function CreateEndpointDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: TCreatedWebhookEndpoint) => void;
}) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TWebhookEndpointForm>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(ZWebhookEndpointForm),
    defaultValues: { url: '', events: [...WebhookEventTypes] },
  });
  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const [url, events] = useWatch({ control, name: ['url', 'events'] });
  const create = useMutation({
    mutationFn: (values: TWebhookEndpointForm) =>
      api.crm.createWebhookEndpoint({ url: values.url.trim(), events: values.events }),
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
      title="Add webhook endpoint"
      onClose={close}
      onSubmit={handleSubmit((values) => create.mutate(values))}
      busy={create.isPending}
      error={create.error}
      errorFallback="The endpoint could not be added."
      submitLabel="Add Endpoint"
      busyLabel="Adding..."
      submitDisabled={events.length === 0}
    >
      <Field label="Endpoint URL" required validationMessage={errors.url?.message}>
        <Input
          {...register('url')}
          value={url}
          type="url"
          placeholder="https://example.com/webhooks/dealflow"
        />
      </Field>
      <Controller
        control={control}
        name="events"
        render={({ field }) => (
          <div role="group" aria-label="Events">
            {WebhookEventTypes.map((type) => (
              <Checkbox
                key={type}
                label={`${EVENT_LABELS[type]} (${type})`}
                checked={field.value.includes(type)}
                onChange={(_, data) =>
                  field.onChange(
                    data.checked === true ? [...field.value, type] : field.value.filter((t) => t !== type),
                  )
                }
              />
            ))}
          </div>
        )}
      />
    </FormDialog>
  );
}

/** The endpoint's last 50 deliveries. */
function DeliveriesDialog({ endpoint, onClose }: { endpoint: TWebhookEndpoint | null; onClose: () => void }) {
  const styles = useFormStyles();
  const deliveries = useQuery({
    ...api.crm.listWebhookDeliveries.queryOptions({ params: { id: endpoint?.id ?? 0 } }),
    enabled: endpoint !== null,
  });
  return (
    <Dialog open={endpoint !== null} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Deliveries to {endpoint?.url}</DialogTitle>
          <DialogContent className={styles.form}>
            <QueryState
              isPending={deliveries.isPending}
              error={deliveries.error}
              onRetry={() => void deliveries.refetch()}
              label="deliveries"
            />
            {deliveries.data && deliveries.data.deliveries.length === 0 ? (
              <p className={styles.muted}>Nothing was sent to this endpoint yet.</p>
            ) : null}
            {deliveries.data && deliveries.data.deliveries.length > 0 ? (
              <Table aria-label="Webhook deliveries" size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Event</TableHeaderCell>
                    <TableHeaderCell>Status</TableHeaderCell>
                    <TableHeaderCell>Attempts</TableHeaderCell>
                    <TableHeaderCell>Response</TableHeaderCell>
                    <TableHeaderCell>Created</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {deliveries.data.deliveries.map((d) => (
                    <TableRow key={d.id}>
                      <TableCell>{d.eventType}</TableCell>
                      <TableCell>
                        <Badge
                          appearance="tint"
                          color={
                            d.status === 'delivered'
                              ? 'success'
                              : d.status === 'failed'
                                ? 'danger'
                                : 'warning'
                          }
                        >
                          {d.status}
                        </Badge>
                      </TableCell>
                      <TableCell>{d.attempts}</TableCell>
                      <TableCell>{d.lastStatusCode ?? d.lastError ?? '—'}</TableCell>
                      <TableCell>{formatDate(d.createdAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * Settings > Organization > Webhooks (owners; Pro, like the API keys). Others see the upgrade panel: the
 * server answers 403 (the shared PLAN_REQUIRED) with the upgrade message.
 */
export function WebhooksSection() {
  const queryClient = useQueryClient();
  const endpoints = useQuery(api.crm.listWebhookEndpoints.queryOptions());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TCreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [showing, setShowing] = useState<TWebhookEndpoint | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.crm.listWebhookEndpoints.key() });
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorText(error, 'Try again.'), variant: 'error' });
  const setEnabled = useMutation({
    mutationFn: (input: { id: number; enabled: boolean }) =>
      api.crm.patchWebhookEndpoint({ params: { id: input.id }, body: { enabled: input.enabled } }),
    onSuccess: () => void refresh(),
    onError: failed('The endpoint could not be changed'),
  });
  const sendTest = useMutation({
    mutationFn: (endpoint: TWebhookEndpoint) => api.crm.testWebhookEndpoint({ params: { id: endpoint.id } }),
    onSuccess: () =>
      toast({ title: 'Test event queued', description: 'See it in the deliveries.', variant: 'success' }),
    onError: failed('The test event could not be sent'),
  });
  const remove = useMutation({
    mutationFn: (endpoint: TWebhookEndpoint) =>
      api.crm.deleteWebhookEndpoint({ params: { id: endpoint.id } }),
    onSuccess: () => {
      setDeleting(null);
      toast({ title: 'Endpoint deleted', description: 'It receives no more events.', variant: 'success' });
      void refresh();
    },
    onError: failed('The endpoint could not be deleted'),
  });

  return (
    <SettingsSection
      title="Webhooks"
      description={WEBHOOKS_DESCRIPTION}
      actions={
        endpoints.data ? (
          <Button appearance="primary" onClick={() => setCreating(true)}>
            Add Endpoint
          </Button>
        ) : null
      }
      query={endpoints}
      queryLabel="webhook endpoints"
      empty={{
        when: endpoints.data?.endpoints.length === 0,
        text: 'No webhook endpoints yet. Add one to send events to your own systems.',
      }}
      upgrade={{ title: 'Webhooks are a Pro feature', matches: (message) => /Pro plan/.test(message) }}
    >
      {endpoints.data && endpoints.data.endpoints.length > 0 ? (
        <Table aria-label="Webhook endpoints" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>URL</TableHeaderCell>
              <TableHeaderCell>Events</TableHeaderCell>
              <TableHeaderCell>Enabled</TableHeaderCell>
              <TableHeaderCell>Created</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {endpoints.data.endpoints.map((endpoint) => (
              <TableRow key={endpoint.id}>
                <TableCell>
                  <code>{endpoint.url}</code>
                </TableCell>
                <TableCell>{endpoint.events.join(', ')}</TableCell>
                <TableCell>
                  <Switch
                    aria-label={`Enabled: ${endpoint.url}`}
                    checked={endpoint.enabled}
                    onChange={(_, data) => setEnabled.mutate({ id: endpoint.id, enabled: data.checked })}
                  />
                </TableCell>
                <TableCell>{formatDate(endpoint.createdAt)}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => sendTest.mutate(endpoint)}>
                    Send Test
                  </Button>{' '}
                  <Button size="small" onClick={() => setShowing(endpoint)}>
                    Deliveries
                  </Button>{' '}
                  <Button
                    size="small"
                    aria-label={`Delete ${endpoint.url}`}
                    onClick={() => setDeleting(endpoint)}
                  >
                    Delete
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <CreateEndpointDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(next) => {
          setCreating(false);
          setCreated(next);
          void refresh();
        }}
      />
      <SecretOnceDialog
        title="Webhook endpoint added"
        notice={WEBHOOK_SECRET_NOTICE}
        fieldLabel="Signing secret"
        secret={created?.secret ?? null}
        testId="webhook-secret"
        onClose={() => setCreated(null)}
      />
      <DeliveriesDialog endpoint={showing} onClose={() => setShowing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook endpoint?"
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete Endpoint'}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting?.url} receives no more events, and its delivery log is deleted. This cannot be undone.
      </ConfirmDialog>
    </SettingsSection>
  );
}
