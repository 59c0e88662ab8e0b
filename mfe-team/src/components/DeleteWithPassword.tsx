import { useState } from 'react';
import { Button } from '@dealflow/web-kit';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ConfirmDialog } from './ConfirmDialog.js';

type TStep = 'idle' | 'confirm' | 'password';

const useStyles = makeStyles({
  danger: {
    alignSelf: 'flex-start',
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorPaletteRedForeground1,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorPaletteRedForeground1,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
});

/**
 * A destructive action in two steps (seed 001, Settings): a confirm dialog, then a password dialog whose
 * confirm button stays disabled while the password is empty.
 */
export function DeleteWithPassword({
  buttonLabel,
  title,
  warning,
  onDelete,
}: {
  buttonLabel: string;
  title: string;
  warning: string;
  /** Resolves true when done (the caller then logs out), false to keep the dialog open. */
  onDelete: (password: string) => Promise<boolean>;
}) {
  const styles = useStyles();
  const [step, setStep] = useState<TStep>('idle');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setStep('idle');
    setPassword('');
  };

  const submit = async () => {
    if (!password) return;
    setBusy(true);
    try {
      if (await onDelete(password)) close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button appearance="primary" className={styles.danger} onClick={() => setStep('confirm')}>
        {buttonLabel}
      </Button>
      <ConfirmDialog
        open={step === 'confirm'}
        title={title}
        confirmLabel="Continue"
        onClose={close}
        onConfirm={() => setStep('password')}
      >
        <p>{warning}</p>
        <p>This cannot be undone.</p>
      </ConfirmDialog>
      <Dialog open={step === 'password'} onOpenChange={(_, data) => (data.open ? undefined : close())}>
        <DialogSurface>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <DialogBody>
              <DialogTitle>Confirm with your password</DialogTitle>
              <DialogContent>
                <Field label="Password" required>
                  <Input
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(_, data) => setPassword(data.value)}
                  />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  appearance="primary"
                  className={busy || password.length === 0 ? undefined : styles.danger}
                  disabled={busy || password.length === 0}
                >
                  {busy ? 'Deleting...' : buttonLabel}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </>
  );
}
