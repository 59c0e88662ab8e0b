import { useEffect } from 'react';
import { Button, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useToast } from './use-toast.js';
import {
  TOAST_FADE_MS,
  TOAST_READY_DELAY,
  TOAST_READY_EXTRA,
  setToasterReady,
  type TToastItem,
} from './store.js';

const useStyles = makeStyles({
  region: {
    position: 'fixed',
    top: '16px',
    right: '16px',
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    width: 'min(380px, calc(100vw - 32px))',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    pointerEvents: 'none',
  },
  toast: {
    pointerEvents: 'auto',
    display: 'flex',
    alignItems: 'flex-start',
    gap: '12px',
    padding: '12px 12px 12px 16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow16,
    borderLeft: `4px solid ${tokens.colorNeutralStroke1}`,
    opacity: 1,
    transitionProperty: 'opacity, visibility',
    transitionDuration: `${TOAST_FADE_MS}ms, 0s`,
    transitionDelay: '0s, 0s',
  },
  closed: {
    opacity: 0,
    visibility: 'hidden',
    pointerEvents: 'none',
    transitionDelay: `0s, ${TOAST_FADE_MS}ms`,
  },
  success: { borderLeftColor: tokens.colorPaletteGreenBorderActive },
  error: {
    borderLeftColor: tokens.colorPaletteRedBorderActive,
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
  loading: { borderLeftColor: tokens.colorBrandStroke1 },
  default: {},
  body: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  title: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase300 },
  description: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  actions: { display: 'flex', gap: '4px', alignItems: 'center' },
});

function ToastView({ item, onDismiss }: { item: TToastItem; onDismiss: () => void }) {
  const styles = useStyles();
  return (
    // The list item stays a plain <li> (a list holds only list items); its text is the live region. A closing
    // toast is inert: hidden from assistive technology and out of the tab order, Close button included.
    <li
      className={mergeClasses(styles.toast, styles[item.variant], !item.open && styles.closed)}
      {...(item.open ? {} : { inert: '' })}
      aria-hidden={!item.open}
      data-variant={item.variant}
      data-state={item.open ? 'open' : 'closed'}
    >
      {item.variant === 'loading' ? <Spinner size="tiny" aria-label="Loading" /> : null}
      <div className={styles.body} role={item.variant === 'error' ? 'alert' : 'status'}>
        {item.title ? <div className={styles.title}>{item.title}</div> : null}
        {item.description ? <div className={styles.description}>{item.description}</div> : null}
      </div>
      <div className={styles.actions}>
        {item.action ? (
          <Button
            size="small"
            onClick={() => {
              item.action?.onClick();
              onDismiss();
            }}
          >
            {item.action.label}
          </Button>
        ) : null}
        <Button size="small" appearance="subtle" aria-label="Close notification" onClick={onDismiss}>
          ×
        </Button>
      </div>
    </li>
  );
}

/** Renders the toasts. Mount once (the shell does). Toasts raised before it is ready are queued. */
export function Toaster() {
  const styles = useStyles();
  const { toasts, dismiss } = useToast();
  useEffect(() => {
    const timer = setTimeout(() => setToasterReady(true), TOAST_READY_DELAY + TOAST_READY_EXTRA);
    return () => {
      clearTimeout(timer);
      setToasterReady(false);
    };
  }, []);
  return (
    <ol className={styles.region} aria-label="Notifications" aria-live="polite">
      {toasts.map((t) => (
        <ToastView key={t.id} item={t} onDismiss={() => dismiss(t.id)} />
      ))}
    </ol>
  );
}
