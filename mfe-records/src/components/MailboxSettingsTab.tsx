import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import { Field, Input, Select } from '@fluentui/react-components';
import { toast, Button } from '@dealflow/web-kit';
import { errorText, type TMailboxSettings, type TMailboxStatus } from '../lib/records-api.js';
import { useIntegrationStyles } from './IntegrationLayout.js';
import { AUTO_SCAN_CHOICES } from '../lib/mailbox-form.js';

/** The Settings tab: folder and auto-scan interval. */
export function SettingsTab({ status, isOwner }: { status: TMailboxStatus; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState(status.settings.folder);
  const [autoScanMinutes, setAutoScanMinutes] = useState(status.settings.autoScanMinutes);
  const [folderError, setFolderError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (body: Partial<TMailboxSettings>) => api.ingest.mailboxSettings(body),
    onSuccess: (next) => {
      queryClient.setQueryData(api.ingest.mailbox.key(), next);
      toast({
        title: 'Settings Saved',
        description: 'The mailbox settings were updated.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Update failed',
        description: errorText(error, 'The settings could not be saved.'),
        variant: 'error',
      }),
  });
  const choices = AUTO_SCAN_CHOICES.some((c) => c.value === autoScanMinutes)
    ? AUTO_SCAN_CHOICES
    : [...AUTO_SCAN_CHOICES, { value: autoScanMinutes, label: `Every ${autoScanMinutes} minutes` }];
  return (
    <form
      className={styles.form}
      aria-label="Mailbox settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (!folder.trim()) return setFolderError('Folder is required');
        save.mutate({ folder: folder.trim(), autoScanMinutes });
      }}
    >
      <Field
        label="Folder"
        required
        validationMessage={folderError}
        hint="The mailbox folder scanned for new messages."
      >
        <Input
          value={folder}
          onChange={(_e, d) => (setFolder(d.value), setFolderError(undefined))}
          disabled={!isOwner}
        />
      </Field>
      <Field label="Auto-scan interval">
        <Select
          value={String(autoScanMinutes)}
          onChange={(_e, d) => setAutoScanMinutes(Number(d.value))}
          disabled={!isOwner}
        >
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={!isOwner || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
