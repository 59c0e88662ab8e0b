import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@dealflow/web-kit';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Select,
} from '@fluentui/react-components';
import type { TRole } from '@dealflow/contracts';

/** A yes/no dialog; the confirm button is destructive-styled text the caller chooses. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Change the role of a member or of a pending invitation. */
export function RoleDialog({
  open,
  title,
  subject,
  currentRole,
  busy = false,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  subject: string;
  currentRole: TRole;
  busy?: boolean;
  onSave: (role: TRole) => void;
  onClose: () => void;
}) {
  const [role, setRole] = useState<TRole>(currentRole);
  useEffect(() => {
    if (open) setRole(currentRole);
  }, [open, currentRole]);
  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <Field label={`Role for ${subject}`}>
              <Select value={role} onChange={(_, data) => setRole(data.value as TRole)}>
                <option value="member">Member</option>
                <option value="owner">Owner</option>
              </Select>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={() => onSave(role)} disabled={busy || role === currentRole}>
              Save Role
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
