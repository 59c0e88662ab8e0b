import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  alert: {
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
  },
  title: { display: 'block', fontWeight: tokens.fontWeightSemibold, marginBottom: '4px' },
});

/**
 * An error notice for /login. Deliberately not Fluent's MessageBar (reflow observer, motion): the sign-in
 * screen's first load stays small.
 */
export function InlineAlert({ title, children }: { title?: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div role="alert" className={styles.alert}>
      {title ? <strong className={styles.title}>{title}</strong> : null}
      {children}
    </div>
  );
}
