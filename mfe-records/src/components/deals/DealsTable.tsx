import { useMemo, useState } from 'react';
import {
  Dropdown,
  Field,
  Option,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import type { TPipelineDeal } from '../../lib/deals-api.js';

type TSortKey = 'companyName' | 'stage' | 'owner' | 'amount' | 'nextStepDate' | 'createdAt';
const COLUMNS: { key: TSortKey; label: string }[] = [
  { key: 'companyName', label: 'Company' },
  { key: 'stage', label: 'Stage' },
  { key: 'owner', label: 'Owner' },
  { key: 'amount', label: 'Amount' },
  { key: 'nextStepDate', label: 'Next step' },
  { key: 'createdAt', label: 'Received' },
];

const useStyles = makeStyles({
  filters: { display: 'flex', gap: '12px', flexWrap: 'wrap', marginBottom: '12px' },
  open: {
    border: 'none',
    background: 'none',
    padding: 0,
    cursor: 'pointer',
    color: 'inherit',
    fontWeight: 600,
    textDecoration: 'underline',
  },
});

/** The deals as a table: sorted by a column (click its header), filtered by stage and owner. */
export function DealsTable(props: {
  stages: string[];
  deals: TPipelineDeal[];
  memberNames: Map<string, string>;
  onOpen: (dealId: string) => void;
}) {
  const styles = useStyles();
  const [sort, setSort] = useState<{ key: TSortKey; direction: 'ascending' | 'descending' }>({
    key: 'createdAt',
    direction: 'descending',
  });
  const [stage, setStage] = useState('all');
  const [owner, setOwner] = useState('all');
  const ownerName = (d: TPipelineDeal) => (d.ownerId ? (props.memberNames.get(d.ownerId) ?? '') : '');

  const rows = useMemo(() => {
    const value = (d: TPipelineDeal): string | number => {
      if (sort.key === 'owner') return ownerName(d);
      if (sort.key === 'stage') return props.stages.indexOf(d.stage);
      if (sort.key === 'amount') return Number((d.amount ?? '').replace(/[^0-9.]/g, '')) || 0;
      return d[sort.key] ?? '';
    };
    const filtered = props.deals.filter(
      (d) =>
        (stage === 'all' || d.stage === stage) &&
        (owner === 'all' || (owner === 'none' ? !d.ownerId : d.ownerId === owner)),
    );
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...filtered].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (
        (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sign
      );
    });
    // ownerName reads props.memberNames
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.deals, props.stages, props.memberNames, sort, stage, owner]);

  const toggle = (key: TSortKey) =>
    setSort((s) => ({
      key,
      direction: s.key === key && s.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  return (
    <>
      <div className={styles.filters}>
        <Field label="Stage">
          <Dropdown
            value={stage === 'all' ? 'All stages' : stage}
            selectedOptions={[stage]}
            onOptionSelect={(_, d) => setStage(d.optionValue ?? 'all')}
          >
            <Option value="all">All stages</Option>
            {props.stages.map((s) => (
              <Option key={s} value={s}>
                {s}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Owner">
          <Dropdown
            value={
              owner === 'all'
                ? 'Anyone'
                : owner === 'none'
                  ? 'Unassigned'
                  : (props.memberNames.get(owner) ?? owner)
            }
            selectedOptions={[owner]}
            onOptionSelect={(_, d) => setOwner(d.optionValue ?? 'all')}
          >
            <Option value="all">Anyone</Option>
            <Option value="none">Unassigned</Option>
            {[...props.memberNames].map(([id, name]) => (
              <Option key={id} value={id}>
                {name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <Table aria-label="Deals" sortable>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableHeaderCell
                key={c.key}
                sortDirection={sort.key === c.key ? sort.direction : undefined}
                onClick={() => toggle(c.key)}
              >
                {c.label}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <button type="button" className={styles.open} onClick={() => props.onOpen(d.id)}>
                  {d.companyName}
                </button>
              </TableCell>
              <TableCell>{d.stage}</TableCell>
              <TableCell>{ownerName(d) || 'Unassigned'}</TableCell>
              <TableCell>{[d.round, d.amount].filter(Boolean).join(' · ')}</TableCell>
              <TableCell>
                {d.nextStep ? `${d.nextStep}${d.nextStepDate ? ` (${d.nextStepDate})` : ''}` : ''}
              </TableCell>
              <TableCell>
                {new Date(d.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
