// The records list's inbox controls (issue 22): the filters beside status and search (view, industry, funding
// round, location, received dates; kept in the URL by use-inbox-filters), the CSV export link, and the bar of
// bulk actions for the ticked records.
import { useState } from 'react';
import {
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Link,
  Radio,
  RadioGroup,
  Select,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { Button, useAuth } from '@dealflow/web-kit';
import type { TListFilters } from '../hooks/use-inbox-filters.js';
import type { TBulkAction, TEmailRecord } from '../lib/records-api.js';

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end', marginBottom: '16px' },
  text: { width: '160px' },
  bulk: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px',
    alignItems: 'center',
    padding: '8px 12px',
    marginBottom: '12px',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
});

const TEXT_FILTERS = [
  { key: 'industry', label: 'Industry' },
  { key: 'fundingRound', label: 'Funding round' },
  { key: 'location', label: 'Location' },
] as const;

export function InboxFilters({
  filters,
  onChange,
  exportUrl,
}: {
  filters: TListFilters;
  onChange: (patch: Partial<TListFilters>) => void;
  exportUrl: string;
}) {
  const styles = useStyles();
  const { user } = useAuth();
  return (
    <div className={styles.filters} role="group" aria-label="Filters">
      <Field label="Show">
        <Select
          value={filters.view ?? 'inbox'}
          onChange={(_e, data) => onChange({ view: data.value as TListFilters['view'] })}
        >
          <option value="inbox">Inbox</option>
          <option value="archived">Archived</option>
          <option value="all">Inbox and archived</option>
        </Select>
      </Field>
      {TEXT_FILTERS.map(({ key, label }) => (
        <Field key={key} label={label} className={styles.text}>
          <Input
            // Written to the URL when the field is left or Enter is pressed, not on every key.
            key={filters[key] ?? ''}
            defaultValue={filters[key] ?? ''}
            onBlur={(e) => {
              if ((e.target.value.trim() || undefined) !== filters[key])
                onChange({ [key]: e.target.value.trim() || undefined });
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onChange({ [key]: e.currentTarget.value.trim() || undefined });
            }}
          />
        </Field>
      ))}
      <Field label="Received from">
        <Input
          type="date"
          value={filters.receivedFrom ?? ''}
          onChange={(_e, data) => onChange({ receivedFrom: data.value || undefined })}
        />
      </Field>
      <Field label="Received to">
        <Input
          type="date"
          value={filters.receivedTo ?? ''}
          onChange={(_e, data) => onChange({ receivedTo: data.value || undefined })}
        />
      </Field>
      {user ? (
        <Checkbox
          label="Only mine"
          checked={filters.ownerId === user.id}
          onChange={(_e, data) => onChange({ ownerId: data.checked ? user.id : undefined })}
        />
      ) : null}
      <Link href={exportUrl} download>
        <ArrowDownload20Regular /> Export CSV
      </Link>
    </div>
  );
}

export function BulkActionsBar({
  count,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  busy: boolean;
  onAction: (action: TBulkAction) => void;
  onClear: () => void;
}) {
  const styles = useStyles();
  if (count === 0) return null;
  return (
    <div className={styles.bulk} role="toolbar" aria-label="Selected records">
      <span role="status">{count === 1 ? '1 record selected' : `${count} records selected`}</span>
      <Button disabled={busy} onClick={() => onAction('archive')}>
        Archive
      </Button>
      <Button disabled={busy} onClick={() => onAction('unarchive')}>
        Move to inbox
      </Button>
      <Button disabled={busy} onClick={() => onAction('retry')}>
        Retry
      </Button>
      <Button disabled={busy} onClick={() => onAction('delete')}>
        Delete
      </Button>
      <Button appearance="subtle" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}

/** "Not a deck": the record is marked and archived; the owner may also block its sender or whole domain. */
export function NotADeckDialog({
  record,
  busy,
  onClose,
  onConfirm,
}: {
  record: TEmailRecord;
  busy: boolean;
  onClose: () => void;
  onConfirm: (block: 'none' | 'sender' | 'domain') => void;
}) {
  const [block, setBlock] = useState<'none' | 'sender' | 'domain'>('none');
  const domain = record.fromEmail.split('@').pop() ?? '';
  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Not a deck</DialogTitle>
          <DialogContent>
            <p>The record is marked and archived.</p>
            <Field label="Later mail from this sender">
              <RadioGroup value={block} onChange={(_e, data) => setBlock(data.value as typeof block)}>
                <Radio value="none" label="Keep receiving it" />
                <Radio value="sender" label={`Block ${record.fromEmail}`} />
                <Radio value="domain" label={`Block everyone at ${domain}`} />
              </RadioGroup>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={busy} onClick={() => onConfirm(block)}>
              Mark as not a deck
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
