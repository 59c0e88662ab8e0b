// The two dialogs the Organization tab's Pro sections (API keys, webhooks) both need: a form in a dialog, and a
// secret shown once.
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
} from '@fluentui/react-components';
import { Button, toast } from '@dealflow/web-kit';
import { errorText } from '../lib/format.js';
import { useFormStyles } from './Section.js';

/** A dialog around a form: Cancel and the submit button, the mutation's error above them. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  busy,
  error,
  errorFallback,
  submitLabel,
  busyLabel,
  submitDisabled,
  nested,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: unknown;
  /** The error's text when the server gave none. */
  errorFallback: string;
  submitLabel: string;
  busyLabel: string;
  submitDisabled?: boolean;
  /** A nested dialog (the re-authentication prompt): inside the surface, outside the form. */
  nested?: ReactNode;
  children: ReactNode;
}) {
  const styles = useFormStyles();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        {nested}
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>
              {children}
              {error ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{errorText(error, errorFallback)}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" appearance="primary" disabled={busy || submitDisabled}>
                {busy ? busyLabel : submitLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** A secret as created, shown once (open while `secret` is not null), optionally with a copy button. */
export function SecretOnceDialog({
  title,
  notice,
  fieldLabel,
  secret,
  testId,
  copy,
  onClose,
}: {
  title: string;
  notice: string;
  fieldLabel: string;
  secret: string | null;
  testId: string;
  /** The copy button's label and the toast's description once copied. */
  copy?: { label: string; copied: string };
  onClose: () => void;
}) {
  const styles = useFormStyles();
  const [copied, setCopied] = useState(false);
  const copySecret = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast({ title: 'Copied', description: copy?.copied ?? '', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the key and copy it yourself.', variant: 'error' });
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={secret !== null} onOpenChange={(_, data) => (data.open ? undefined : close())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.form}>
            <MessageBar intent="warning">
              <MessageBarBody>{notice}</MessageBarBody>
            </MessageBar>
            <Field label={fieldLabel}>
              <Input
                readOnly
                value={secret ?? ''}
                data-testid={testId}
                onFocus={(event) => event.currentTarget.select()}
                style={{ fontFamily: 'monospace' }}
              />
            </Field>
          </DialogContent>
          <DialogActions>
            {copy ? (
              <Button appearance="secondary" onClick={copySecret}>
                {copied ? 'Copied' : copy.label}
              </Button>
            ) : null}
            <Button appearance="primary" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
