// Render a module exposed by a remote ('mfe_billing/AccessPanel') loaded at run time, with an error panel
// when the remote cannot be loaded, so the rest of the page keeps working.
import {
  Component,
  Suspense,
  lazy,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { TRemoteId } from './remote-ids.js';

export const REMOTE_ERROR_TITLE = 'This part of the app could not be loaded';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- remote modules take their own props
type TAnyComponent = ComponentType<any>;
const cache = new Map<string, LazyExoticComponent<TAnyComponent>>();

function getLazy(id: string): LazyExoticComponent<TAnyComponent> {
  let component = cache.get(id);
  if (!component) {
    component = lazy(async () => {
      const mod = await loadRemote<{ default?: TAnyComponent } | TAnyComponent>(id);
      if (!mod) throw new Error(`Remote module ${id} could not be loaded`);
      const exported = typeof mod === 'function' ? mod : mod.default;
      if (!exported) throw new Error(`Remote module ${id} has no default export`);
      return { default: exported };
    });
    cache.set(id, component);
  }
  return component;
}

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '8px',
    padding: '16px 20px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorNeutralForeground1,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  loading: { display: 'flex', justifyContent: 'center', padding: '24px' },
});

function RemoteErrorPanel({ id, error, onRetry }: { id: string; error: unknown; onRetry: () => void }) {
  const styles = useStyles();
  return (
    <section className={styles.panel} role="alert" data-remote-error={id}>
      <h2 className={styles.title}>{REMOTE_ERROR_TITLE}</h2>
      <p className={styles.text}>The rest of the app keeps working. Try again in a moment.</p>
      {error instanceof Error && error.message ? (
        <details className={styles.text}>
          <summary>Technical details</summary>
          {error.message.slice(0, 500)}
        </details>
      ) : null}
      <Button appearance="primary" onClick={onRetry}>
        Retry
      </Button>
    </section>
  );
}

interface TBoundaryProps {
  id: string;
  fallback?: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteBoundary extends Component<TBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[remote ${this.props.id}]`, error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      if (this.props.fallback !== undefined) return this.props.fallback;
      return <RemoteErrorPanel id={this.props.id} error={this.state.error} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

function DefaultLoading() {
  const styles = useStyles();
  return (
    <div className={styles.loading}>
      <Spinner size="small" label="Loading..." />
    </div>
  );
}

export interface TRemoteComponentProps {
  /** '<remote name>/<exposed module>', e.g. 'mfe_billing/AccessPanel'. */
  id: TRemoteId;
  /** Rendered instead of the error panel when the remote cannot be loaded (or throws). */
  fallback?: ReactNode;
  /** Rendered while the remote loads (default: a small spinner). */
  loading?: ReactNode;
  /** Props passed to the remote component. */
  props?: Record<string, unknown>;
}

/** `<RemoteComponent id="mfe_billing/AccessPanel" />`: a lazily loaded remote module with an error panel and retry. */
export function RemoteComponent({ id, fallback, loading, props }: TRemoteComponentProps) {
  const [attempt, setAttempt] = useState(0);
  const Lazy = getLazy(id);
  const retry = () => {
    cache.delete(id);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteBoundary key={`${id}#${attempt}`} id={id} fallback={fallback} onRetry={retry}>
      <Suspense fallback={loading ?? <DefaultLoading />}>
        <Lazy {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
