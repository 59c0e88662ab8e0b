import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    margin: '0 0 4px',
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
  description: {
    margin: '0 0 24px',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
  },
});

/** A page's title as a real `<h1>` (Fluent's Title1 renders a span), with an optional line under it. */
export function PageHeading({
  children,
  description,
  id,
}: {
  children: ReactNode;
  description?: ReactNode;
  id?: string;
}) {
  const styles = useStyles();
  return (
    <>
      <h1 className={styles.root} id={id}>
        {children}
      </h1>
      {description ? <p className={styles.description}>{description}</p> : null}
    </>
  );
}
