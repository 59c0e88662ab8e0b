import type { TReplyTemplate } from '@dealflow/contracts';

/** What a template's placeholders are filled with for one deal. */
export interface TReplyValues {
  founderName: string | null;
  company: string;
  senderName: string;
  /** The founder's subject (null: their email had none). */
  subject: string | null;
}

/** Who signs the automatic acknowledgement (no member sends it). */
export const AUTOMATIC_SENDER_NAME = 'The investment team';

const PLACEHOLDER = /\{\{\s*(founderName|company|senderName|subject)\s*\}\}/g;

/** Fills {{founderName}}, {{company}}, {{senderName}}, {{subject}}; other text is kept as written. */
export function fillReplyPlaceholders(text: string, values: TReplyValues): string {
  const byName: Record<string, string> = {
    founderName: values.founderName?.trim() || 'there',
    company: values.company,
    senderName: values.senderName,
    subject: values.subject?.trim() || values.company,
  };
  return text.replace(PLACEHOLDER, (_match, name: string) => byName[name] ?? '');
}

/** A reply's subject: one line, one "Re:" however many the founder's already had, at most 200 characters. */
export function createReplySubject(subject: string): string {
  const oneLine = subject.replace(/[\r\n]+/g, ' ').trim();
  const prefixed = /^(re:\s*)+/i.test(oneLine) ? oneLine.replace(/^(re:\s*)+/i, 'Re: ') : oneLine;
  return prefixed.slice(0, 200);
}

/** The template filled in for a deal: its subject and text. */
export function fillReplyTemplate(template: TReplyTemplate, values: TReplyValues) {
  return {
    subject: createReplySubject(fillReplyPlaceholders(template.subject, values)),
    text: fillReplyPlaceholders(template.body, values),
  };
}

/** The UTC calendar day of a moment (YYYY-MM-DD): one automatic acknowledgement per founder address per day. */
export const acknowledgementDay = (at: Date) => at.toISOString().slice(0, 10);
