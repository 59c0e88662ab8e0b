// Integration 1's block list (issue 22): senders and domains whose mail the organization's intake refuses, added
// from a record's "Not a deck"; owners take them off the list.
import { Card, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import { Button, toast } from '@dealflow/web-kit';
import { errorText } from '../lib/records-api.js';

const useStyles = makeStyles({
  list: { listStyle: 'none', padding: 0, margin: 0 },
  item: { display: 'flex', alignItems: 'center', gap: '8px', padding: '4px 0' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function BlockedSendersCard({ isOwner }: { isOwner: boolean }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const blocked = useQuery(api.ingest.blockedSenders.queryOptions());
  const unblock = useMutation({
    mutationFn: (id: number) => api.ingest.unblockSender({ params: { id } }),
    onSuccess: (list) => {
      queryClient.setQueryData(api.ingest.blockedSenders.key(), list);
      toast({ title: 'Unblocked', variant: 'success' });
    },
    onError: (error) =>
      toast({ title: 'Unblock failed', description: errorText(error, 'Try again.'), variant: 'error' }),
  });
  return (
    <Card style={{ marginTop: 16 }}>
      <h2>Blocked senders</h2>
      <p className={styles.muted}>
        Mail from these addresses and domains is refused. Add one from a record with “Not a deck”.
      </p>
      {blocked.isPending ? (
        <Spinner size="tiny" label="Loading..." />
      ) : blocked.data?.entries.length ? (
        <ul className={styles.list} aria-label="Blocked senders">
          {blocked.data.entries.map((entry) => (
            <li key={entry.id} className={styles.item}>
              <span>{entry.kind === 'domain' ? `Domain ${entry.value}` : entry.value}</span>
              {isOwner ? (
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<Delete20Regular />}
                  aria-label={`Unblock ${entry.value}`}
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate(entry.id)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No sender is blocked.</p>
      )}
    </Card>
  );
}
