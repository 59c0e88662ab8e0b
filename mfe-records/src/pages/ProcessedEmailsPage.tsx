import { useEffect, useState, type FormEvent } from 'react';
import {
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PageHeading, toast, Button } from '@dealflow/web-kit';
import { AnalysisDialog, DealDialog, ExtractedDataDialog } from '../components/RecordDialogs.js';
import { RecordsToolbar } from '../components/RecordsToolbar.js';
import { BulkActionsBar, InboxFilters, NotADeckDialog } from '../components/InboxControls.js';
import { useInboxActions } from '../hooks/use-inbox-actions.js';
import { useInboxFilters } from '../hooks/use-inbox-filters.js';
import { exportEmailsUrl } from '../lib/records-api.js';
import { RecordsFooter, RecordsTable, type TRecordActions } from '../components/RecordsTable.js';
import { RecordToasts, useProcessedRecords } from '../hooks/use-processed-records.js';
import { useRecordDialog } from '../hooks/use-record-dialog.js';
import type { TEmailRecord } from '../lib/records-api.js';

export { RecordToasts } from '../hooks/use-processed-records.js';

const useStyles = makeStyles({
  center: { display: 'flex', justifyContent: 'center', padding: '32px' },
  empty: { padding: '32px', textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

/** /processed-emails: the organization's records, with search, status filter, Scan, Retry and the record dialogs. */
export default function ProcessedEmailsPage() {
  const styles = useStyles();
  // Status, search and the inbox filters live in the URL (issue 22): a reload or a shared link keeps them.
  const { filters, setFilters } = useInboxFilters();
  const { filter, searchTerm } = filters;
  const setFilter = (value: string) => setFilters({ filter: value });
  const [searchInput, setSearchInput] = useState(searchTerm);
  useEffect(() => setSearchInput(searchTerm), [searchTerm]);
  const { records, rows, total, retry, scan } = useProcessedRecords(filters);
  const inbox = useInboxActions();
  const [confirmDelete, setConfirmDelete] = useState<TEmailRecord | null>(null);
  const [notADeck, setNotADeck] = useState<TEmailRecord | null>(null);
  const { dialog, setDialog, openDeal, closeDialog } = useRecordDialog();

  const withRecordId = (open: (record: TEmailRecord) => void) => (record: TEmailRecord) => {
    if (!record.id) {
      toast({ ...RecordToasts.missingId, variant: 'error' });
      return;
    }
    open(record);
  };

  const actions: TRecordActions = {
    onOpenDeal: withRecordId((r) => openDeal.mutate(r)),
    openingDeal: openDeal.isPending,
    onViewExtracted: withRecordId((r) => setDialog({ kind: 'extracted', record: r })),
    onViewAnalysis: withRecordId((r) => setDialog({ kind: 'analysis', record: r })),
    onRetry: withRecordId((r) => retry.mutate(r.id)),
    retryingId: retry.isPending ? retry.variables : undefined,
    onArchive: withRecordId((r) => inbox.archive.mutate(r)),
    onDelete: withRecordId((r) => setConfirmDelete(r)),
    onNotADeck: withRecordId((r) => setNotADeck(r)),
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (searchInput.trim() === searchTerm) void records.refetch();
    else setFilters({ searchTerm: searchInput.trim() });
  };

  return (
    <div>
      <PageHeading description="Pitch-deck emails turned into company records, newest first.">
        Processed Records
      </PageHeading>
      <Card>
        <RecordsToolbar
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          onSearch={onSearch}
          filter={filter}
          onFilter={setFilter}
          scanning={scan.isPending}
          onScan={() => scan.mutate()}
        />
        <InboxFilters filters={filters} onChange={setFilters} exportUrl={exportEmailsUrl(filters)} />
        <BulkActionsBar
          count={inbox.selection.selected.size}
          busy={inbox.bulk.isPending}
          onAction={(action) => inbox.bulk.mutate(action)}
          onClear={inbox.clearSelection}
        />

        {records.isPending ? (
          <div className={styles.center}>
            <Spinner label="Loading records..." />
          </div>
        ) : records.error ? (
          <MessageBar intent="error">
            <MessageBarBody>{records.error.message || 'The records could not be loaded.'}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => void records.refetch()}>Try again</Button>
            </MessageBarActions>
          </MessageBar>
        ) : rows.length === 0 ? (
          <div className={styles.empty} role="status">
            <p>
              <strong>No records found</strong>
            </p>
            <p>
              {searchTerm || filter !== 'all'
                ? 'No record matches this search or status.'
                : 'Forward pitch-deck emails to your organization’s inbound address (shown on Integration 1), or connect a mailbox and press Scan.'}
            </p>
          </div>
        ) : (
          <RecordsTable rows={rows} actions={actions} selection={inbox.selection} />
        )}

        {records.data ? (
          <RecordsFooter
            shown={rows.length}
            total={total}
            canLoadMore={records.hasNextPage}
            loadingMore={records.isFetchingNextPage}
            onNext={() => void records.fetchNextPage()}
          />
        ) : null}
      </Card>

      {dialog?.kind === 'extracted' ? (
        <ExtractedDataDialog record={dialog.record} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'deal' ? <DealDialog deal={dialog.deal} onClose={closeDialog} /> : null}
      {dialog?.kind === 'analysis' ? <AnalysisDialog record={dialog.record} onClose={closeDialog} /> : null}
      {notADeck ? (
        <NotADeckDialog
          record={notADeck}
          busy={inbox.notADeck.isPending}
          onClose={() => setNotADeck(null)}
          onConfirm={(block) => {
            inbox.notADeck.mutate({ record: notADeck, block });
            setNotADeck(null);
          }}
        />
      ) : null}
      {confirmDelete ? (
        <Dialog open onOpenChange={(_e, data) => !data.open && setConfirmDelete(null)}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Delete this record?</DialogTitle>
              <DialogContent>
                The email, its deck files and the deck&apos;s text are deleted for good. The CRM deal stays.
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setConfirmDelete(null)}>Cancel</Button>
                <Button
                  appearance="primary"
                  disabled={inbox.remove.isPending}
                  onClick={() => {
                    inbox.remove.mutate(confirmDelete);
                    setConfirmDelete(null);
                  }}
                >
                  Delete record
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </div>
  );
}
