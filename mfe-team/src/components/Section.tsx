import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '20px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    marginBottom: '24px',
  },
  danger: { border: `1px solid ${tokens.colorPaletteRedBorder2}` },
  header: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '12px',
    flexWrap: 'wrap',
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** A card with a real <h2>; `tone="danger"` for the destructive actions. */
export function Section({
  title,
  description,
  actions,
  tone,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  tone?: 'danger';
  children?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <section
      className={tone === 'danger' ? `${styles.section} ${styles.danger}` : styles.section}
      aria-label={title}
    >
      <div className={styles.header}>
        <h2 className={styles.title}>{title}</h2>
        {actions}
      </div>
      {description ? <p className={styles.description}>{description}</p> : null}
      {children}
    </section>
  );
}

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '480px' },
  actions: { display: 'flex', gap: '8px' },
  center: { display: 'flex', justifyContent: 'center', padding: '24px 0' },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
});
