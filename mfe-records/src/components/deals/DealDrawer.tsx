import { useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Caption1,
  Divider,
  Dropdown,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { api } from '@dealflow/contracts/client';
import { Button, useAuth } from '@dealflow/web-kit';
import { useDealChange } from '../../hooks/use-deal-change.js';
import { FounderReply } from './FounderReply.js';
import {
  dealsQueries,
  findMentions,
  formatWhen,
  type TPipeline,
  type TPipelineDeal,
  type TTimelineEntry,
} from '../../lib/deals-api.js';

export const DrawerTexts = {
  assignToMe: 'Assign to me',
  comment: 'Comment',
  commentHint: 'Type @ and a name to mention a member: they get an email.',
  rate: 'Save rating',
  ratingHidden: "The team's ratings are shown once you have rated (no anchoring).",
  saveNextStep: 'Save next step',
} as const;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px', marginBottom: '16px' },
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'flex-end' },
  timeline: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  entry: { borderLeft: `2px solid ${tokens.colorNeutralStroke2}`, paddingLeft: '8px' },
  suggestions: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
});

function describeEntry(entry: TTimelineEntry): string {
  switch (entry.kind) {
    case 'created':
      return `Deal created in ${entry.toStage ?? 'the pipeline'}`;
    case 'stage_changed':
      return `Moved from ${entry.fromStage} to ${entry.toStage}`;
    case 'comment':
      return entry.text ?? '';
    case 'rating':
      return entry.score === null
        ? 'Rated the deal'
        : `Rated ${entry.score}/5${entry.text ? `: ${entry.text}` : ''}`;
    case 'correction':
      return entry.text ?? 'Corrected the record';
    case 'email': {
      // "To: <address>\nSubject: <subject>\n\n<message>": the line says to whom and what about.
      const [to = '', subject = ''] = (entry.text ?? '').split('\n');
      return `Emailed the founder (${to.replace(/^To: /, '')}): ${subject.replace(/^Subject: /, '')}`;
    }
    default:
      return entry.text ? `Changed ${entry.text}` : 'Changed the deal';
  }
}

function Timeline({ dealId, names }: { dealId: string; names: Map<string, string> }) {
  const styles = useStyles();
  const timeline = useQuery(dealsQueries.timeline(dealId));
  if (timeline.isPending) return <Spinner size="tiny" label="Loading the timeline..." />;
  if (timeline.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>The timeline could not be loaded: {timeline.error.message}</MessageBarBody>
      </MessageBar>
    );
  return (
    <ol className={styles.timeline} aria-label="Timeline">
      {[...timeline.data.entries].reverse().map((e) => (
        <li key={e.id} className={styles.entry}>
          <Text>{describeEntry(e)}</Text>
          <br />
          <Caption1>
            {e.actorId ? (names.get(e.actorId) ?? 'A member') : 'Dealflow'} · {formatWhen(e.createdAt)}
          </Caption1>
        </li>
      ))}
    </ol>
  );
}

function Rating({ dealId }: { dealId: string }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const rating = useQuery(dealsQueries.rating(dealId));
  const [score, setScore] = useState<string>('');
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api.crm.rateDeal({
        params: { id: Number(dealId) },
        body: { score: Number(score), note: note || null },
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(dealsQueries.rating(dealId).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: dealsQueries.timeline(dealId).queryKey });
    },
  });
  const mine = rating.data?.mine;
  const summary = rating.data?.summary;
  return (
    <div className={styles.section}>
      <RadioGroup
        layout="horizontal"
        aria-label="Your rating, 1 to 5"
        value={score || (mine ? String(mine.score) : '')}
        onChange={(_, d) => setScore(d.value)}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <Radio key={n} value={String(n)} label={String(n)} />
        ))}
      </RadioGroup>
      <Field label="Note (optional)">
        <Input
          value={note}
          maxLength={280}
          onChange={(_, d) => setNote(d.value)}
          placeholder={mine?.note ?? ''}
        />
      </Field>
      <div className={styles.row}>
        <Button appearance="secondary" disabled={!score || save.isPending} onClick={() => save.mutate()}>
          {DrawerTexts.rate}
        </Button>
      </div>
      {save.isError && (
        <MessageBar intent="error">
          <MessageBarBody>{save.error.message}</MessageBarBody>
        </MessageBar>
      )}
      {summary ? (
        <Text data-testid="rating-summary">
          Team: {summary.average.toFixed(1)} average, spread {summary.spread}, {summary.count}{' '}
          {summary.count === 1 ? 'rating' : 'ratings'}
        </Text>
      ) : (
        <Caption1>{DrawerTexts.ratingHidden}</Caption1>
      )}
    </div>
  );
}

function CommentBox({ dealId, members }: { dealId: string; members: { id: number; name: string }[] }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.crm.commentDeal({
        params: { id: Number(dealId) },
        body: { text, mentions: findMentions(text, members) },
      }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: dealsQueries.timeline(dealId).queryKey });
    },
  });
  // The @word being typed at the end: the members whose name starts with it.
  const typed = /@([\p{L}\p{N}]*)$/u.exec(text)?.[1];
  const suggestions =
    typed === undefined
      ? []
      : members.filter((m) => m.name.toLowerCase().startsWith(typed.toLowerCase())).slice(0, 5);
  return (
    <div className={styles.section}>
      <Field
        label="Comment"
        hint={DrawerTexts.commentHint}
        validationMessage={send.isError ? send.error.message : undefined}
      >
        <Textarea value={text} maxLength={5000} onChange={(_, d) => setText(d.value)} resize="vertical" />
      </Field>
      {suggestions.length > 0 && (
        <div className={styles.suggestions} role="group" aria-label="Mention a member">
          {suggestions.map((m) => (
            <Button
              key={m.id}
              size="small"
              appearance="subtle"
              onClick={() => setText((t) => t.replace(/@[\p{L}\p{N}]*$/u, `@${m.name} `))}
            >
              @{m.name}
            </Button>
          ))}
        </div>
      )}
      <div className={styles.row}>
        <Button appearance="primary" disabled={!text.trim() || send.isPending} onClick={() => send.mutate()}>
          {DrawerTexts.comment}
        </Button>
      </div>
    </div>
  );
}

/** A deal's side panel: stage, owner (Assign to me), next step, pass reason, rating, comments and timeline. */
export function DealDrawer(props: {
  deal: TPipelineDeal | null;
  pipeline: TPipeline;
  members: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { deal, pipeline } = props;
  const styles = useStyles();
  const { user } = useAuth();
  const change = useDealChange();
  const names = useMemo(() => new Map(props.members.map((m) => [String(m.id), m.name])), [props.members]);
  const [nextStep, setNextStep] = useState<{ text: string; date: string } | null>(null);
  const dateId = useId();
  if (!deal) return null;
  const me = user ? String(user.id) : null;
  const outcome = pipeline.stages.find((s) => s.name === deal.stage)?.outcome;
  const step = nextStep ?? { text: deal.nextStep ?? '', date: deal.nextStepDate ?? '' };
  const patch = (c: Parameters<typeof change.mutate>[0]['change']) =>
    change.mutate({ dealId: deal.id, change: c });

  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label="Close"
              icon={<Dismiss24Regular />}
              onClick={props.onClose}
            />
          }
        >
          {deal.companyName}
        </DrawerHeaderTitle>
        <Caption1>{[deal.domain, deal.round, deal.amount].filter(Boolean).join(' · ')}</Caption1>
      </DrawerHeader>
      <DrawerBody>
        <div className={styles.section}>
          <div className={styles.row}>
            <Field label="Stage">
              <Dropdown
                value={deal.stage}
                selectedOptions={[deal.stage]}
                onOptionSelect={(_, d) =>
                  d.optionValue && d.optionValue !== deal.stage && patch({ stage: d.optionValue })
                }
              >
                {pipeline.stages.map((s) => (
                  <Option key={s.name} value={s.name}>
                    {s.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            {outcome === 'passed' && (
              <Field label="Pass reason">
                <Dropdown
                  value={deal.passReason ?? ''}
                  placeholder="Choose a reason"
                  selectedOptions={deal.passReason ? [deal.passReason] : []}
                  onOptionSelect={(_, d) => d.optionValue && patch({ passReason: d.optionValue })}
                >
                  {pipeline.passReasons.map((r) => (
                    <Option key={r} value={r}>
                      {r}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            )}
          </div>
          <div className={styles.row}>
            <Text>
              Owner: <strong>{deal.ownerId ? (names.get(deal.ownerId) ?? 'A member') : 'Unassigned'}</strong>
            </Text>
            {me && deal.ownerId !== me && (
              <Button size="small" onClick={() => patch({ ownerId: Number(me) })}>
                {DrawerTexts.assignToMe}
              </Button>
            )}
          </div>
          <div className={styles.row}>
            <Field label="Next step">
              <Input
                value={step.text}
                maxLength={200}
                onChange={(_, d) => setNextStep({ ...step, text: d.value })}
              />
            </Field>
            <Field label="Date">
              <Input
                id={dateId}
                type="date"
                value={step.date}
                onChange={(_, d) => setNextStep({ ...step, date: d.value })}
              />
            </Field>
            <Button
              size="small"
              disabled={nextStep === null}
              onClick={() => {
                patch({ nextStep: step.text.trim() || null, nextStepDate: step.date || null });
                setNextStep(null);
              }}
            >
              {DrawerTexts.saveNextStep}
            </Button>
          </div>
        </div>
        <Divider />
        <h3>Your rating</h3>
        <Rating dealId={deal.id} />
        <Divider />
        <h3>Reply to the founder</h3>
        <FounderReply dealId={deal.id} />
        <Divider />
        <h3>Comments and timeline</h3>
        <CommentBox dealId={deal.id} members={props.members} />
        <Timeline dealId={deal.id} names={names} />
      </DrawerBody>
    </OverlayDrawer>
  );
}
