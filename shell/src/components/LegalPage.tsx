import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { ThemeToggle } from '../theme/ThemeToggle';

const useStyles = makeStyles({
  root: { backgroundColor: tokens.colorNeutralBackground1, minHeight: '100vh' },
  inner: {
    maxWidth: '48rem',
    margin: '0 auto',
    padding: '32px 20px 64px',
    lineHeight: '1.6',
    color: tokens.colorNeutralForeground1,
  },
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
  },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: '24px' },
  title: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, margin: '0 0 4px' },
  updated: { color: tokens.colorNeutralForeground3, margin: '0 0 32px' },
  body: {
    '& h2': { fontSize: tokens.fontSizeBase500, margin: '32px 0 8px' },
    '& p, & li': { color: tokens.colorNeutralForeground2 },
  },
});

export const LEGAL_LAST_UPDATED = 'April 28, 2025';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <main className={styles.inner}>
        <div className={styles.top}>
          <Link to="/" className={styles.back}>
            <ArrowLeft20Regular aria-hidden /> Back to Home
          </Link>
          <ThemeToggle />
        </div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.updated}>Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className={styles.body}>{children}</div>
      </main>
    </div>
  );
}

export const COMPANY_ADDRESS = 'Dealflow, Inc., 8 The Green, Suite A, Dover, DE 19901, USA';
