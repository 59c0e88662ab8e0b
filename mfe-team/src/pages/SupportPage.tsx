import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { TSupportRequest, TSupportStatus } from '@dealflow/contracts';
import { api } from '@dealflow/contracts/client';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_PROMISES,
  SUPPORT_SUBJECT_MAX,
  SupportMessages,
} from '@dealflow/contracts/plans';
import { Button, PageHeading, toast } from '@dealflow/web-kit';
import { QueryState, SettingsSection } from '@dealflow/web-kit/settings';
import { useFormStyles } from '../components/Section.js';

import { errorText, formatDate } from '../lib/format.js';

export const SupportTexts = {
  title: 'Contact support',
  description: 'Ask us anything about DealFlow: we answer by email, and your requests are listed below.',
  formTitle: 'New request',
  send: 'Send request',
  sending: 'Sending...',
  sentTitle: 'Request sent',
  listTitle: "Your organization's requests",
  empty: 'No support requests yet. Requests sent by anyone in your organization appear here.',
  close: 'Close',
  sendFailed: 'Your request could not be sent. Please try again.',
} as const;

const STATUS: Record<TSupportStatus, { label: string; color: 'warning' | 'success' | 'informative' }> = {
  open: { label: 'Open', color: 'warning' },
  answered: { label: 'Answered', color: 'success' },
  closed: { label: 'Closed', color: 'informative' },
};

const useStyles = makeStyles({
  tableWrap: { overflowX: 'auto' },
  muted: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  nowrap: { whiteSpace: 'nowrap' },
});

/** The promise line: what this organization's plan is promised (Pro: priority). */
const promiseText = (priority: boolean, firstResponse: string) =>
  priority
    ? `Priority support (Pro): we answer within ${firstResponse}.`
    : `We answer within ${firstResponse}. Pro plans get priority support, answered within ${SUPPORT_PROMISES.pro.firstResponse}.`;

function validate(subject: string, message: string) {
  const s = subject.trim();
  const m = message.trim();
  return {
    subject: !s
      ? SupportMessages.subjectRequired
      : s.length > SUPPORT_SUBJECT_MAX
        ? SupportMessages.subjectMax
        : undefined,
    message: !m
      ? SupportMessages.messageRequired
      : m.length < SUPPORT_MESSAGE_MIN
        ? SupportMessages.messageMin
        : m.length > SUPPORT_MESSAGE_MAX
          ? SupportMessages.messageMax
          : undefined,
  };
}

function SupportForm({ onSent }: { onSent: (created: TSupportRequest) => void }) {
  const styles = useFormStyles();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const send = useMutation({
    mutationFn: () => api.identity.createSupportRequest({ subject: subject.trim(), message: message.trim() }),
    onSuccess: (created) => {
      setSubject('');
      setMessage('');
      onSent(created);
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validate(subject, message);
    setErrors(found);
    if (found.subject || found.message) return;
    send.mutate();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={SupportTexts.formTitle}>
      <Field label="Subject" required validationMessage={errors.subject}>
        <Input
          value={subject}
          maxLength={SUPPORT_SUBJECT_MAX}
          onChange={(_, data) => setSubject(data.value)}
        />
      </Field>
      <Field
        label="Message"
        required
        hint="What happened, what you expected, and where (a record, an integration...)."
        validationMessage={errors.message}
      >
        <Textarea
          value={message}
          rows={6}
          resize="vertical"
          maxLength={SUPPORT_MESSAGE_MAX}
          onChange={(_, data) => setMessage(data.value)}
        />
      </Field>
      {send.error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errorText(send.error, SupportTexts.sendFailed)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={send.isPending}>
          {send.isPending ? SupportTexts.sending : SupportTexts.send}
        </Button>
      </div>
    </form>
  );
}

function RequestsTable({ requests }: { requests: TSupportRequest[] }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: (request: TSupportRequest) =>
      api.identity.closeSupportRequest({ params: { id: request.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.identity.listSupportRequests.key() }),
    onError: (error) =>
      toast({
        title: 'Could not close the request',
        description: errorText(error, 'Please try again.'),
        variant: 'error',
      }),
  });
  if (requests.length === 0) return <p className={styles.muted}>{SupportTexts.empty}</p>;
  return (
    <div className={styles.tableWrap}>
      <Table aria-label={SupportTexts.listTitle} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Reference</TableHeaderCell>
            <TableHeaderCell>Subject</TableHeaderCell>
            <TableHeaderCell>From</TableHeaderCell>
            <TableHeaderCell>Sent</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell aria-label="Actions" />
          </TableRow>
        </TableHeader>
        <TableBody>
          {requests.map((r) => (
            <TableRow key={r.id} data-testid="support-request">
              <TableCell className={styles.nowrap}>
                {r.reference}
                {r.priority ? (
                  <>
                    {' '}
                    <Badge appearance="tint" color="brand">
                      Priority
                    </Badge>
                  </>
                ) : null}
              </TableCell>
              <TableCell>{r.subject}</TableCell>
              <TableCell>{r.requester.name}</TableCell>
              <TableCell className={styles.nowrap}>{formatDate(r.createdAt)}</TableCell>
              <TableCell>
                <Badge appearance="filled" color={STATUS[r.status].color}>
                  {STATUS[r.status].label}
                </Badge>
              </TableCell>
              <TableCell>
                {r.status === 'closed' ? null : (
                  <Button
                    appearance="subtle"
                    size="small"
                    disabled={close.isPending}
                    onClick={() => close.mutate(r)}
                    aria-label={`Close ${r.reference}`}
                  >
                    {SupportTexts.close}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * /support, opened from the header's Help menu (issue 20 item 9): the support form, what the organization's plan
 * is promised (Pro: priority, 4 business hours), and the organization's requests with their status.
 */
export default function SupportPage() {
  const queryClient = useQueryClient();
  const requests = useQuery(api.identity.listSupportRequests.queryOptions());
  const [sent, setSent] = useState<TSupportRequest | null>(null);
  const onSent = (created: TSupportRequest) => {
    setSent(created);
    toast({ title: SupportTexts.sentTitle, description: created.reference, variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: api.identity.listSupportRequests.key() });
  };
  return (
    <>
      <PageHeading description={SupportTexts.description}>{SupportTexts.title}</PageHeading>
      <SettingsSection
        title={SupportTexts.formTitle}
        description={
          requests.data ? promiseText(requests.data.priority, requests.data.firstResponse) : undefined
        }
      >
        {sent ? (
          <MessageBar intent="success" role="status">
            <MessageBarBody>
              <MessageBarTitle>
                {SupportTexts.sentTitle}: {sent.reference}
              </MessageBarTitle>
              We emailed you a confirmation to {sent.requester.email}. We answer within {sent.firstResponse}.
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <SupportForm onSent={onSent} />
      </SettingsSection>
      <SettingsSection title={SupportTexts.listTitle}>
        <QueryState
          isPending={requests.isPending}
          error={requests.error}
          onRetry={() => void requests.refetch()}
          label="your requests"
        />
        {requests.data ? <RequestsTable requests={requests.data.requests} /> : null}
      </SettingsSection>
    </>
  );
}
