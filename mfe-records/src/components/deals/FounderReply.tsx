import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Caption1,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Textarea,
  makeStyles,
} from '@fluentui/react-components';
import type { TReplyDraft, TReplyTemplateKind } from '@dealflow/contracts';
import { api } from '@dealflow/contracts/client';
import { Button } from '@dealflow/web-kit';
import { dealsQueries } from '../../lib/deals-api.js';

export const ReplyTexts = {
  template: 'Template',
  choose: 'Choose a template',
  loading: 'Filling in the template...',
  send: 'Send reply',
  sending: 'Sending...',
  subjectRequired: 'Enter a subject',
  textRequired: 'Write the message',
  notThreaded: "The founder's email had no Message-ID: the reply starts a new thread.",
} as const;

/** The template kinds in the order owners see them (contracts' ReplyTemplateKinds, kept here: no zod in the bundle). */
const TEMPLATES: { kind: TReplyTemplateKind; label: string }[] = [
  { kind: 'acknowledge', label: 'Acknowledge' },
  { kind: 'request_more', label: 'Request more' },
  { kind: 'pass', label: 'Pass' },
];

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px', marginBottom: '16px' },
  row: { display: 'flex', gap: '8px', alignItems: 'center' },
});

/**
 * Reply to the deal's founder: choose a template (filled in by crm for this deal), edit it, send it. The email
 * goes from the installation's address with Reply-To the member, threaded on the founder's email, and lands on
 * the deal's timeline.
 */
export function FounderReply({ dealId }: { dealId: string }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const subjectId = useId();
  const [template, setTemplate] = useState<TReplyTemplateKind | null>(null);
  const [draft, setDraft] = useState<TReplyDraft | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const load = useMutation({
    mutationFn: (kind: TReplyTemplateKind) =>
      api.crm.getReplyDraft({ params: { id: Number(dealId) }, query: { template: kind } }),
    onSuccess: (next) => {
      setDraft(next);
      setSubject(next.subject);
      setText(next.text);
      setSubmitted(false);
    },
  });
  const send = useMutation({
    mutationFn: () =>
      api.crm.sendReply({
        params: { id: Number(dealId) },
        body: { template, subject: subject.trim(), text },
      }),
    onSuccess: () => {
      setSentTo(draft?.to ?? null);
      setDraft(null);
      setTemplate(null);
      void queryClient.invalidateQueries({ queryKey: dealsQueries.timeline(dealId).queryKey });
    },
  });

  const choose = (kind: TReplyTemplateKind) => {
    setTemplate(kind);
    setSentTo(null);
    send.reset();
    load.mutate(kind);
  };
  const subjectError = submitted && !subject.trim() ? ReplyTexts.subjectRequired : undefined;
  const textError = submitted && !text.trim() ? ReplyTexts.textRequired : undefined;
  const submit = () => {
    setSubmitted(true);
    if (subject.trim() && text.trim()) send.mutate();
  };

  return (
    <div className={styles.section}>
      <Field label={ReplyTexts.template}>
        <Dropdown
          placeholder={ReplyTexts.choose}
          value={TEMPLATES.find((t) => t.kind === template)?.label ?? ''}
          selectedOptions={template ? [template] : []}
          onOptionSelect={(_, d) => d.optionValue && choose(d.optionValue as TReplyTemplateKind)}
        >
          {TEMPLATES.map((t) => (
            <Option key={t.kind} value={t.kind}>
              {t.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {load.isPending && <Spinner size="tiny" label={ReplyTexts.loading} />}
      {load.isError && (
        <MessageBar intent="error">
          <MessageBarBody>
            The template could not be filled in: {load.error.message}{' '}
            <Button size="small" appearance="transparent" onClick={() => template && load.mutate(template)}>
              Try again
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}
      {sentTo && (
        <MessageBar intent="success">
          <MessageBarBody>Reply sent to {sentTo}. It is on the timeline.</MessageBarBody>
        </MessageBar>
      )}
      {draft && !load.isPending && (
        <form
          className={styles.section}
          aria-label="Reply to the founder"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Caption1>
            To: {draft.to}
            {draft.founderName ? ` (${draft.founderName})` : ''}
          </Caption1>
          {!draft.threaded && <Caption1>{ReplyTexts.notThreaded}</Caption1>}
          <Field label="Subject" required validationMessage={subjectError}>
            <Input id={subjectId} value={subject} maxLength={200} onChange={(_, d) => setSubject(d.value)} />
          </Field>
          <Field label="Message" required validationMessage={textError}>
            <Textarea
              value={text}
              maxLength={10_000}
              rows={8}
              resize="vertical"
              onChange={(_, d) => setText(d.value)}
            />
          </Field>
          {send.isError && (
            <MessageBar intent="error">
              <MessageBarBody>The reply was not sent: {send.error.message}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.row}>
            <Button type="submit" appearance="primary" disabled={send.isPending}>
              {send.isPending ? ReplyTexts.sending : ReplyTexts.send}
            </Button>
            {send.isPending && <Spinner size="tiny" aria-label={ReplyTexts.sending} />}
          </div>
        </form>
      )}
    </div>
  );
}
