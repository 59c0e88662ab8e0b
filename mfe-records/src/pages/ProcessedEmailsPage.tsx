import { useState, type FormEvent } from 'react';
import {
  Card,
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
  const [filter, setFilter] = useState<string>('all');
  const [searchInput, setSearchInput] = useState('');
  const [searchTerm, setSearchTerm] = useState('');
  const { records, rows, total, retry, scan } = useProcessedRecords({ filter, searchTerm });
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
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (searchInput.trim() === searchTerm) void records.refetch();
    else setSearchTerm(searchInput.trim());
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
          <RecordsTable rows={rows} actions={actions} />
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
    </div>
  );
}
