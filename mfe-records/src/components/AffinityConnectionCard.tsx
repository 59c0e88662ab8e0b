import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { api } from '@dealflow/contracts/client';
import type { TAffinityConnection } from '@dealflow/contracts';
import { Button, toast } from '@dealflow/web-kit';
import { errorText } from '../lib/records-api.js';
import { useIntegrationStyles } from './IntegrationLayout.js';

const AFFINITY_KEY = ['crm', 'affinity'] as const;

/**
 * Where deals go: the built-in CRM, or the organization's own Affinity account once its owner connects it
 * (issue 13: one key per organization, sealed by svc-crm; the page never shows the key back, only its end).
 */
export function AffinityConnectionCard({ isOwner }: { isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const queryClient = useQueryClient();
  const connection = useQuery({ queryKey: AFFINITY_KEY, queryFn: () => api.crm.getAffinityConnection() });
  const [apiKey, setApiKey] = useState('');
  const [listId, setListId] = useState('');
  const [webUrl, setWebUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSaved = (next: TAffinityConnection) => queryClient.setQueryData(AFFINITY_KEY, next);
  const connect = useMutation({
    mutationFn: () =>
      api.crm.connectAffinity({
        apiKey: apiKey.trim(),
        listId: Number(listId),
        ...(webUrl.trim() ? { webUrl: webUrl.trim() } : {}),
      }),
    onSuccess: (next) => {
      onSaved(next);
      setApiKey('');
      setError(null);
      toast({
        title: 'Affinity connected',
        description: 'New deals are made in your Affinity list.',
        variant: 'success',
      });
    },
    onError: (e) => setError(errorText(e, 'Affinity could not be connected.')),
  });
  const disconnect = useMutation({
    mutationFn: () => api.crm.disconnectAffinity(),
    onSuccess: (next) => {
      onSaved(next);
      toast({
        title: 'Affinity disconnected',
        description: 'New deals go to the built-in CRM.',
        variant: 'success',
      });
    },
    onError: (e) =>
      toast({ title: 'Disconnect failed', description: errorText(e, 'Try again.'), variant: 'error' }),
  });
  const listIdValid = /^[1-9]\d{0,9}$/.test(listId.trim());
  const canSubmit = apiKey.trim().length >= 8 && listIdValid && !connect.isPending;

  return (
    <Card style={{ marginBottom: 16 }} aria-label="CRM">
      <h2 className={styles.sectionTitle}>CRM: Affinity</h2>
      {connection.isPending ? (
        <Spinner size="small" label="Loading the CRM connection..." />
      ) : connection.error ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {errorText(connection.error, 'The CRM connection could not be loaded.')}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <div className={styles.status}>
            <span>Deals go to:</span>
            <Badge appearance="tint" color={connection.data.connected ? 'success' : 'subtle'}>
              {connection.data.connected
                ? `Affinity list ${connection.data.listId} (key ${connection.data.apiKeyHint})`
                : 'The built-in CRM'}
            </Badge>
          </div>
          {!connection.data.available ? (
            <MessageBar intent="info">
              <MessageBarBody>
                Affinity cannot be connected on this server (no CRM_ENCRYPTION_KEY).
              </MessageBarBody>
            </MessageBar>
          ) : !isOwner ? (
            <MessageBar intent="info">
              <MessageBarBody>Only the organization owner can connect Affinity.</MessageBarBody>
            </MessageBar>
          ) : connection.data.connected ? (
            <Button onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
              {disconnect.isPending ? 'Disconnecting...' : 'Disconnect Affinity'}
            </Button>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (canSubmit) connect.mutate();
              }}
            >
              <Field
                label="Affinity API key"
                hint="Settings › API in Affinity. Stored encrypted; never shown again."
              >
                <Input
                  type="password"
                  value={apiKey}
                  onChange={(_e, d) => setApiKey(d.value)}
                  autoComplete="off"
                />
              </Field>
              <Field
                label="List id"
                hint="The Affinity list of opportunities new deals are added to (the number in the list's address)."
                validationMessage={listId && !listIdValid ? 'Enter the list’s number' : undefined}
              >
                <Input inputMode="numeric" value={listId} onChange={(_e, d) => setListId(d.value)} />
              </Field>
              <Field label="Affinity address (optional)" hint="Such as https://yourfund.affinity.co">
                <Input value={webUrl} onChange={(_e, d) => setWebUrl(d.value)} />
              </Field>
              {error ? (
                <MessageBar intent="error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              ) : null}
              <Button appearance="primary" type="submit" disabled={!canSubmit}>
                {connect.isPending ? 'Connecting...' : 'Connect Affinity'}
              </Button>
            </form>
          )}
        </>
      )}
    </Card>
  );
}
