// The records list's inbox actions (issue 22): archive or return a record, delete it (after a confirmation),
// and the bulk actions on the ticked records, each with its toast; the list refreshes after each.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import { toast } from '@dealflow/web-kit';
import { errorText, type TBulkAction, type TEmailRecord } from '../lib/records-api.js';

const BULK_DONE: Record<TBulkAction, string> = {
  archive: 'archived',
  unarchive: 'moved to the inbox',
  delete: 'deleted',
  retry: 'sent to processing again',
};

export function useInboxActions() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const refreshList = () => queryClient.invalidateQueries({ queryKey: api.ingest.listEmails.key() });

  const archive = useMutation({
    mutationFn: (record: TEmailRecord) =>
      record.archivedAt
        ? api.ingest.unarchiveEmail({ params: { id: record.id } })
        : api.ingest.archiveEmail({ params: { id: record.id } }),
    onSuccess: (record) => {
      toast({
        title: record.archivedAt ? 'Record archived' : 'Record moved to the inbox',
        variant: 'success',
      });
      void refreshList();
    },
    onError: (error) =>
      toast({ title: 'Archive failed', description: errorText(error, 'Try again.'), variant: 'error' }),
  });

  const remove = useMutation({
    mutationFn: (record: TEmailRecord) => api.ingest.deleteEmail({ params: { id: record.id } }),
    onSuccess: (_result, record) => {
      toast({ title: 'Record deleted', variant: 'success' });
      setSelected((current) => {
        const next = new Set(current);
        next.delete(record.id);
        return next;
      });
      void refreshList();
    },
    onError: (error) =>
      toast({ title: 'Delete failed', description: errorText(error, 'Try again.'), variant: 'error' }),
  });

  const notADeck = useMutation({
    mutationFn: ({ record, block }: { record: TEmailRecord; block: 'none' | 'sender' | 'domain' }) =>
      api.ingest.markNotADeck({ params: { id: record.id }, body: { block } }),
    onSuccess: (_record, { block }) => {
      toast({
        title: 'Marked as not a deck',
        description:
          block === 'none' ? 'The record is archived.' : 'The record is archived and the sender is blocked.',
        variant: 'success',
      });
      void refreshList();
      void queryClient.invalidateQueries({ queryKey: api.ingest.blockedSenders.key() });
    },
    onError: (error) =>
      toast({ title: 'Not marked', description: errorText(error, 'Try again.'), variant: 'error' }),
  });

  const bulk = useMutation({
    mutationFn: (action: TBulkAction) => api.ingest.bulkEmails({ action, ids: [...selected] }),
    onSuccess: ({ results }, action) => {
      const done = results.filter((r) => r.ok).length;
      const refused = results.length - done;
      toast({
        title: `${done} ${done === 1 ? 'record' : 'records'} ${BULK_DONE[action]}`,
        description: refused
          ? `${refused} could not be: ${results.find((r) => !r.ok)?.message ?? ''}`
          : undefined,
        variant: refused ? 'error' : 'success',
      });
      setSelected(new Set());
      void refreshList();
    },
    onError: (error) =>
      toast({ title: 'Bulk action failed', description: errorText(error, 'Try again.'), variant: 'error' }),
  });

  const onToggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onToggleAll = (ids: number[]) =>
    setSelected((current) =>
      ids.every((id) => current.has(id)) ? new Set() : new Set([...current, ...ids]),
    );

  return {
    archive,
    remove,
    notADeck,
    bulk,
    selection: { selected, onToggle, onToggleAll },
    clearSelection: () => setSelected(new Set()),
  };
}
