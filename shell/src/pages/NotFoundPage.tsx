import { Link } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircle24Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '16px',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    maxWidth: '28rem',
    width: '100%',
    padding: '24px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  heading: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    margin: '0 0 12px',
    fontSize: tokens.fontSizeBase600,
    color: tokens.colorNeutralForeground1,
  },
  icon: { color: tokens.colorPaletteRedForeground1 },
  hint: { margin: '0 0 16px', color: tokens.colorNeutralForeground2 },
});

export default function NotFoundPage() {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      <div className={styles.card}>
        <h1 className={styles.heading}>
          <ErrorCircle24Regular className={styles.icon} aria-hidden />
          404 Page Not Found
        </h1>
        <p className={styles.hint}>Did you forget to add the page to the router?</p>
        <Link to="/">Back to Home</Link>
      </div>
    </main>
  );
}
