import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Textarea,
  makeStyles,
} from '@fluentui/react-components';
import type { TReplySettings, TReplyTemplate } from '@dealflow/contracts';
import { api } from '@dealflow/contracts/client';
import { Button } from '@dealflow/web-kit';

const LABELS: Record<TReplyTemplate['kind'], string> = {
  acknowledge: 'Acknowledge',
  request_more: 'Request more',
  pass: 'Pass',
};

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  template: { display: 'flex', flexDirection: 'column', gap: '6px', border: 'none', padding: 0, margin: 0 },
});

const settingsQuery = () => api.crm.getReplySettings.queryOptions();

function TemplatesForm({ initial, onSaved }: { initial: TReplySettings; onSaved: () => void }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [templates, setTemplates] = useState(initial.templates);
  const [autoAcknowledge, setAutoAcknowledge] = useState(initial.autoAcknowledge);
  const [submitted, setSubmitted] = useState(false);
  const save = useMutation({
    mutationFn: () => api.crm.putReplySettings({ templates, autoAcknowledge }),
    onSuccess: (next) => {
      queryClient.setQueryData(settingsQuery().queryKey, next);
      onSaved();
    },
  });
  const edit = (kind: TReplyTemplate['kind'], change: Partial<TReplyTemplate>) =>
    setTemplates((all) => all.map((t) => (t.kind === kind ? { ...t, ...change } : t)));
  const invalid = templates.some((t) => !t.subject.trim() || !t.body.trim());
  return (
    <form
      id="reply-templates-form"
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (!invalid) save.mutate();
      }}
    >
      <Caption1>
        Placeholders: {'{{founderName}}'}, {'{{company}}'}, {'{{senderName}}'}, {'{{subject}}'}. Replies go
        from this installation&apos;s address with Reply-To the member who sends them.
      </Caption1>
      <Switch
        checked={autoAcknowledge}
        onChange={(_, d) => setAutoAcknowledge(d.checked)}
        label="Acknowledge new decks automatically (at most once a day per founder address)"
      />
      {templates.map((t) => (
        <fieldset key={t.kind} className={styles.template}>
          <legend>{LABELS[t.kind]}</legend>
          <Field
            label={`${LABELS[t.kind]}: subject`}
            validationMessage={submitted && !t.subject.trim() ? 'Enter a subject' : undefined}
          >
            <Input
              value={t.subject}
              maxLength={200}
              onChange={(_, d) => edit(t.kind, { subject: d.value })}
            />
          </Field>
          <Field
            label={`${LABELS[t.kind]}: message`}
            validationMessage={submitted && !t.body.trim() ? 'Write the message' : undefined}
          >
            <Textarea
              value={t.body}
              rows={5}
              maxLength={10_000}
              resize="vertical"
              onChange={(_, d) => edit(t.kind, { body: d.value })}
            />
          </Field>
        </fieldset>
      ))}
      {save.isError && (
        <MessageBar intent="error">
          <MessageBarBody>The templates were not saved: {save.error.message}</MessageBarBody>
        </MessageBar>
      )}
      {save.isPending && <Spinner size="tiny" label="Saving..." />}
    </form>
  );
}

/** Owners: the organization's reply templates and the automatic acknowledgement (Deals page). */
export function ReplyTemplatesDialog() {
  const [open, setOpen] = useState(false);
  const settings = useQuery({ ...settingsQuery(), enabled: open });
  return (
    <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="secondary">Reply templates</Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Reply templates</DialogTitle>
          <DialogContent>
            {settings.isPending && <Spinner label="Loading the templates..." />}
            {settings.isError && (
              <MessageBar intent="error">
                <MessageBarBody>
                  The templates could not be loaded: {settings.error.message}{' '}
                  <Button size="small" appearance="transparent" onClick={() => void settings.refetch()}>
                    Try again
                  </Button>
                </MessageBarBody>
              </MessageBar>
            )}
            {settings.data && <TemplatesForm initial={settings.data} onSaved={() => setOpen(false)} />}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">Cancel</Button>
            </DialogTrigger>
            <Button appearance="primary" type="submit" form="reply-templates-form" disabled={!settings.data}>
              Save templates
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
