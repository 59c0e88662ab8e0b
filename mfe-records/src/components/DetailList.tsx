import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  section: { marginBottom: '16px' },
  heading: { margin: '0 0 8px', fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(110px, max-content) 1fr',
    columnGap: '16px',
    rowGap: '6px',
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  empty: { color: tokens.colorNeutralForeground3, margin: 0 },
});

/** A titled section of label/value pairs (the dialogs' layout). */
export function DetailSection({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: Array<[string, ReactNode]>;
  empty?: string;
}) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.heading}>{title}</h3>
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty ?? 'Nothing recorded'}</p>
      ) : (
        <dl className={styles.list}>
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export const NOT_PROVIDED = 'Not provided';
export const orNotProvided = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? NOT_PROVIDED : String(value);
