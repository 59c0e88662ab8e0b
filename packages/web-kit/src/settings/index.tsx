// @dealflow/web-kit/settings: the card every settings screen is built of (Settings > Profile, Security and
// Organization in mfe-team; a remote's own settings tabs). A subpath, not the main entry: the shell's first load
// does not carry it; the remotes that use it bundle it.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';

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
  center: { display: 'flex', justifyContent: 'center', padding: '24px 0' },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
});

/** What a section needs of a react-query result to show its loading and error states. */
export interface TSectionQuery {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** A query's loading (spinner) and error (message and Retry) states; nothing once it has data. */
export function QueryState({
  isPending,
  error,
  onRetry,
  label,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  label: string;
}) {
  const styles = useStyles();
  if (isPending) {
    return (
      <div className={styles.center}>
        <Spinner label={`Loading ${label}...`} />
      </div>
    );
  }
  if (error) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          Could not load {label}: {error.message}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={onRetry}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return null;
}

export interface TSettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  /** `danger` for the destructive actions (a red border). */
  tone?: 'danger';
  children?: ReactNode;
  /** A list the section loads (a react-query result): its loading and error (Retry) states are shown. */
  query?: TSectionQuery;
  /** What the list is, for those states: "Loading API keys...", "Could not load API keys: ...". */
  queryLabel?: string;
  /** Shown above the children while the loaded list is empty (the children still render: their dialogs). */
  empty?: { when: boolean; text: string };
  /**
   * A plan-gated feature: when the list's error is a 403 that `matches` (the server's PLAN_REQUIRED message),
   * the section shows `title`, that message and a link to the plans instead of the error.
   */
  upgrade?: { title: string; matches: (message: string) => boolean };
}

/** A settings card with a real <h2>, and, given a query, its loading, error, empty and upgrade states. */
export function SettingsSection({
  title,
  description,
  actions,
  tone,
  children,
  query,
  queryLabel = 'this section',
  empty,
  upgrade,
}: TSettingsSectionProps) {
  const styles = useStyles();
  const error = query?.error ?? null;
  // Not `instanceof ApiError`: this subpath is bundled into each remote, so its ApiError would be another copy
  // of the class than the one the shared web-kit's transport throws. The status is what tells a refusal.
  const upgradeMessage =
    upgrade && error && (error as { status?: unknown }).status === 403 && upgrade.matches(error.message)
      ? error.message
      : null;
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
      {upgradeMessage ? (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{upgrade!.title}</MessageBarTitle>
            {upgradeMessage} <Link to="/billing">See plans and upgrade</Link>
          </MessageBarBody>
        </MessageBar>
      ) : query ? (
        <QueryState
          isPending={query.isPending}
          error={error}
          onRetry={() => void query.refetch()}
          label={queryLabel}
        />
      ) : null}
      {empty?.when ? <p className={styles.muted}>{empty.text}</p> : null}
      {children}
    </section>
  );
}
