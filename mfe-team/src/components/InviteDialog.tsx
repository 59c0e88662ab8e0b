import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
  MessageBar,
  MessageBarBody,
  Select,
} from '@fluentui/react-components';
import { ZInviteForm, type TInviteForm } from '../lib/forms.js';
import { BILLING_NOTICE } from '../lib/format.js';
import { useFormStyles } from './Section.js';

export function InviteDialog({
  open,
  onClose,
  onInvite,
}: {
  open: boolean;
  onClose: () => void;
  onInvite: (values: TInviteForm) => Promise<boolean>;
}) {
  const styles = useFormStyles();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TInviteForm>({
    resolver: zodResolver(ZInviteForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', role: 'member' },
  });
  useEffect(() => {
    if (open) reset({ name: '', email: '', role: 'member' });
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (await onInvite(values)) onClose();
  });

  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>Invite Member</DialogTitle>
            <DialogContent className={styles.form}>
              <p className={styles.muted}>
                They will receive an email with a link to join your organization.
              </p>
              <Field label="Name" required validationMessage={errors.name?.message}>
                <Input {...register('name')} autoComplete="off" />
              </Field>
              <Field label="Email" required validationMessage={errors.email?.message}>
                <Input {...register('email')} type="email" autoComplete="off" />
              </Field>
              <Controller
                control={control}
                name="role"
                render={({ field }) => (
                  <Field label="Role" validationMessage={errors.role?.message}>
                    <Select value={field.value} onChange={(_, data) => field.onChange(data.value)}>
                      <option value="member">Member</option>
                      <option value="owner">Owner</option>
                    </Select>
                  </Field>
                )}
              />
              <MessageBar intent="info" layout="multiline">
                <MessageBarBody>{BILLING_NOTICE}</MessageBarBody>
              </MessageBar>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" appearance="primary" disabled={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Send Invitation'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
