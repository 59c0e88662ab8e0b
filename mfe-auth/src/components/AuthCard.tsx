import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '24px 16px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    width: '100%',
    maxWidth: '440px',
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '32px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  wide: { maxWidth: '720px' },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
  },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** The centred card every sign-in and onboarding screen sits in, with a real <h1>. */
export function AuthCard({
  title,
  description,
  children,
  wide = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <section
        className={wide ? `${styles.card} ${styles.wide}` : styles.card}
        aria-labelledby="auth-card-title"
      >
        <h1 id="auth-card-title" className={styles.heading}>
          {title}
        </h1>
        {description ? <p className={styles.description}>{description}</p> : null}
        {children}
      </section>
    </main>
  );
}

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  between: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '8px',
    flexWrap: 'wrap',
  },
  muted: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, margin: 0 },
  center: { display: 'flex', justifyContent: 'center', padding: '24px 0' },
});
