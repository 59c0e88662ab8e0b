// The Processed Records table: one row per record with its company, sender, date, status and actions, and the
// "Showing N of M" footer with its pager.
import {
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
  makeStyles,
  useRestoreFocusTarget,
  tokens,
} from '@fluentui/react-components';
import {
  Archive20Regular,
  ArrowClockwise20Regular,
  ArrowUndo20Regular,
  Delete20Regular,
  DocumentText20Regular,
  Open20Regular,
  Prohibited20Regular,
  Sparkle20Regular,
} from '@fluentui/react-icons';
import { Button } from '@dealflow/web-kit';
import { Link as RouterLink } from 'react-router-dom';
import { recordPagePath } from '../lib/record-page-api.js';
import { CompanyBadge } from './CompanyBadge.js';
import { StatusBadge } from './StatusBadge.js';
import type { TEmailRecord } from '../lib/records-api.js';
import {
  UNKNOWN_COMPANY,
  UNKNOWN_INDUSTRY,
  canRetry,
  formatReceivedAt,
  formatShowingText,
  isNextDisabled,
} from '../lib/records-format.js';

const useStyles = makeStyles({
  tableWrap: { overflowX: 'auto' },
  company: { display: 'flex', alignItems: 'center', gap: '10px', minWidth: '200px' },
  stack: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  secondary: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  reason: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    marginTop: '4px',
    maxWidth: '240px',
  },
  actions: { display: 'flex', gap: '2px' },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '12px',
    marginTop: '12px',
    flexWrap: 'wrap',
  },
  pager: { display: 'flex', gap: '8px' },
  snippet: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    marginTop: '4px',
    maxWidth: '360px',
  },
});

/** What a row's action buttons do; each receives the row's record. */
export type TRecordActions = {
  onOpenDeal: (record: TEmailRecord) => void;
  openingDeal: boolean;
  onViewExtracted: (record: TEmailRecord) => void;
  onViewAnalysis: (record: TEmailRecord) => void;
  onRetry: (record: TEmailRecord) => void;
  /** The id of the record whose retry is under way, if any. */
  retryingId: number | undefined;
  /** Archive (or return to the inbox) and delete (issue 22); without them the buttons are not shown. */
  onArchive?: (record: TEmailRecord) => void;
  onDelete?: (record: TEmailRecord) => void;
  /** "Not a deck" (mark, archive, optionally block the sender or domain). */
  onNotADeck?: (record: TEmailRecord) => void;
};

/** Bulk select (issue 22): the ticked records' ids. */
export type TRecordSelection = {
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (ids: number[]) => void;
};

/** The search's matching passage, each match (between U+0002 and U+0003) marked. */
function Snippet({ text }: { text: string }) {
  const styles = useStyles();
  const parts = text.replaceAll('\u0003', '\u0002').split('\u0002');
  return (
    <span className={styles.snippet} data-testid="search-snippet">
      {parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}
    </span>
  );
}

/** Received is the email's Date header; when Dealflow got it much later (a scan of old mail), both are shown. */
const INGESTED_LATER_MS = 10 * 60_000;
const isIngestedLater = (record: TEmailRecord) =>
  new Date(record.ingestedAt).getTime() - new Date(record.receivedAt).getTime() > INGESTED_LATER_MS;

function RecordRow({
  record,
  actions,
  selection,
}: {
  record: TEmailRecord;
  actions: TRecordActions;
  selection?: TRecordSelection;
}) {
  const styles = useStyles();
  // The record dialogs are opened from these buttons, not by a DialogTrigger: marking them as tabster restore
  // targets gives the focus back to the button when its dialog closes (WCAG 2.4.3).
  const restoreFocus = useRestoreFocusTarget();
  const company = record.extractedData?.companyName?.trim() || UNKNOWN_COMPANY;
  return (
    <TableRow data-record-id={record.id}>
      {selection ? (
        <TableCell>
          <Checkbox
            aria-label={`Select ${company}`}
            checked={selection.selected.has(record.id)}
            onChange={() => selection.onToggle(record.id)}
          />
        </TableCell>
      ) : null}
      <TableCell>
        <div className={styles.company}>
          <CompanyBadge name={company} />
          <div className={styles.stack}>
            {/* The record's page (issue 23): its deck, evidence, email and the company's history. */}
            <RouterLink to={recordPagePath(record.id)}>{company}</RouterLink>
            <span className={styles.secondary}>
              {record.extractedData?.industry?.trim() || UNKNOWN_INDUSTRY}
            </span>
            {record.snippet ? <Snippet text={record.snippet} /> : null}
          </div>
        </div>
      </TableCell>
      <TableCell>
        <div className={styles.stack}>
          <span>{record.from || record.fromEmail}</span>
          <span className={styles.secondary}>{record.fromEmail}</span>
        </div>
      </TableCell>
      <TableCell>
        <div className={styles.stack}>
          <span>{formatReceivedAt(record.receivedAt)}</span>
          {isIngestedLater(record) ? (
            <span className={styles.secondary}>Ingested {formatReceivedAt(record.ingestedAt)}</span>
          ) : null}
        </div>
      </TableCell>
      <TableCell>
        <div className={styles.stack}>
          <StatusBadge status={record.status} />
          {record.statusReason ? <span className={styles.reason}>{record.statusReason}</span> : null}
        </div>
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          {record.dealUrl ? (
            <Tooltip content="View CRM deal" relationship="label">
              <Button
                appearance="subtle"
                icon={<Open20Regular />}
                disabled={actions.openingDeal}
                onClick={() => actions.onOpenDeal(record)}
                {...restoreFocus}
              />
            </Tooltip>
          ) : null}
          <Tooltip content="View extracted data" relationship="label">
            <Button
              appearance="subtle"
              icon={<DocumentText20Regular />}
              onClick={() => actions.onViewExtracted(record)}
              {...restoreFocus}
            />
          </Tooltip>
          {record.canAnalyze ? (
            <Tooltip content="View AI analysis" relationship="label">
              <Button
                appearance="subtle"
                icon={<Sparkle20Regular />}
                onClick={() => actions.onViewAnalysis(record)}
                {...restoreFocus}
              />
            </Tooltip>
          ) : null}
          {canRetry(record.status) ? (
            <Button
              appearance="subtle"
              icon={<ArrowClockwise20Regular />}
              disabled={actions.retryingId === record.id}
              onClick={() => actions.onRetry(record)}
            >
              Retry
            </Button>
          ) : null}
          {actions.onArchive ? (
            <Tooltip content={record.archivedAt ? 'Move to inbox' : 'Archive'} relationship="label">
              <Button
                appearance="subtle"
                icon={record.archivedAt ? <ArrowUndo20Regular /> : <Archive20Regular />}
                onClick={() => actions.onArchive?.(record)}
              />
            </Tooltip>
          ) : null}
          {actions.onNotADeck && !record.notADeck ? (
            <Tooltip content="Not a deck" relationship="label">
              <Button
                appearance="subtle"
                icon={<Prohibited20Regular />}
                onClick={() => actions.onNotADeck?.(record)}
                {...restoreFocus}
              />
            </Tooltip>
          ) : null}
          {actions.onDelete ? (
            <Tooltip content="Delete" relationship="label">
              <Button
                appearance="subtle"
                icon={<Delete20Regular />}
                onClick={() => actions.onDelete?.(record)}
                {...restoreFocus}
              />
            </Tooltip>
          ) : null}
        </div>
      </TableCell>
    </TableRow>
  );
}

export function RecordsTable({
  rows,
  actions,
  selection,
}: {
  rows: TEmailRecord[];
  actions: TRecordActions;
  selection?: TRecordSelection;
}) {
  const styles = useStyles();
  const ids = rows.map((r) => r.id);
  const ticked = ids.filter((id) => selection?.selected.has(id)).length;
  return (
    <div className={styles.tableWrap}>
      <Table aria-label="Processed records">
        <TableHeader>
          <TableRow>
            {selection ? (
              <TableHeaderCell>
                <Checkbox
                  aria-label="Select all shown records"
                  checked={ticked === 0 ? false : ticked === ids.length ? true : 'mixed'}
                  onChange={() => selection.onToggleAll(ids)}
                />
              </TableHeaderCell>
            ) : null}
            <TableHeaderCell>Company</TableHeaderCell>
            <TableHeaderCell>Sender</TableHeaderCell>
            <TableHeaderCell>Received</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((record) => (
            <RecordRow key={record.id} record={record} actions={actions} selection={selection} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** "Showing N of M" and the pager: "Next" appends the following page. */
export function RecordsFooter({
  shown,
  total,
  canLoadMore,
  loadingMore,
  onNext,
}: {
  shown: number;
  total: number;
  canLoadMore: boolean;
  loadingMore: boolean;
  onNext: () => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.footer}>
      <span role="status">{formatShowingText(shown, total)}</span>
      <div className={styles.pager}>
        <Button disabled>Previous</Button>
        <Button disabled={isNextDisabled(shown, total) || !canLoadMore || loadingMore} onClick={onNext}>
          {loadingMore ? 'Loading...' : 'Next'}
        </Button>
      </div>
    </div>
  );
}
