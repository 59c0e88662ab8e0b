// The Processed Records toolbar: search, status filter and Scan.
import type { FormEvent } from 'react';
import { Field, Input, Select, Spinner, makeStyles } from '@fluentui/react-components';
import { ArrowSync20Regular, Search20Regular } from '@fluentui/react-icons';
import { Button } from '@dealflow/web-kit';
import { RECORD_FILTERS } from '../lib/records-format.js';

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end', marginBottom: '16px' },
  search: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexGrow: 1, minWidth: '240px' },
  searchInput: { flexGrow: 1 },
});

export function RecordsToolbar({
  searchInput,
  onSearchInput,
  onSearch,
  filter,
  onFilter,
  scanning,
  onScan,
}: {
  searchInput: string;
  onSearchInput: (value: string) => void;
  onSearch: (event: FormEvent) => void;
  filter: string;
  onFilter: (value: string) => void;
  scanning: boolean;
  onScan: () => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.toolbar}>
      <form className={styles.search} onSubmit={onSearch} role="search">
        <Field label="Search" className={styles.searchInput}>
          <Input
            type="search"
            value={searchInput}
            onChange={(_e, data) => onSearchInput(data.value)}
            placeholder="Company, sender or subject"
            contentBefore={<Search20Regular />}
          />
        </Field>
        <Button type="submit">Search</Button>
      </form>
      <Field label="Status">
        <Select value={filter} onChange={(_e, data) => onFilter(data.value)}>
          {RECORD_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        appearance="primary"
        icon={scanning ? <Spinner size="tiny" /> : <ArrowSync20Regular />}
        disabled={scanning}
        onClick={onScan}
      >
        {scanning ? 'Scanning...' : 'Scan'}
      </Button>
    </div>
  );
}
