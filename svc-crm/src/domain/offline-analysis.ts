import { DECK_SECTION_LABELS } from '@dealflow/contracts/plans';
import { DECK_SECTIONS, type TDeckOutline, type TExtractedData, type ZAnalysis } from '@dealflow/contracts';
import type { z } from 'zod';
import { isFreeMailDomain } from './company-domain.js';

type TOffline = NonNullable<z.infer<typeof ZAnalysis>['offline']>;

/** Shown as the analysis's model: the dialog labels it "offline analysis". */
export const OFFLINE_ANALYSIS_MODEL = 'offline analysis';

/** A deck shorter than this rarely covers what an investor needs; one longer is hard to read. */
const SHORT_DECK_PAGES = 6;
const LONG_DECK_PAGES = 30;

const hostOf = (value: string | null) =>
  value
    ?.trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/?#]/)[0] ?? null;

/**
 * The analysis made without a model, from what svc-ingest sent: the deck's outline (sections and the slides
 * they start on, figures found) and the extracted fields. Rules an analyst applies first; nothing invented.
 */
export function createOfflineAnalysis(input: {
  extractedData: TExtractedData;
  outline: TDeckOutline | null;
  fromEmail: string;
}): TOffline & { strengths: string[]; risks: string[]; openQuestions: string[]; marketNotes: string[] } {
  const { extractedData: data, outline } = input;
  const sectionsPresent = (outline?.sections ?? []).map((s) => ({ section: s.section, page: s.page }));
  const present = new Set(sectionsPresent.map((s) => s.section));
  const sectionsMissing = outline ? DECK_SECTIONS.filter((s) => !present.has(s)) : [];

  const keyMetrics: TOffline['keyMetrics'] = [...(outline?.keyMetrics ?? [])];
  const labels = new Set(keyMetrics.map((m) => m.label.toLowerCase()));
  for (const [label, value] of Object.entries(data.metrics)) {
    if (!labels.has(label.toLowerCase())) keyMetrics.push({ label, value, page: null });
  }
  if (data.fundingAmount && !labels.has('raising'))
    keyMetrics.push({ label: 'Raising', value: data.fundingAmount, page: null });

  const missingInformation: string[] = [];
  if (!outline)
    missingInformation.push('The deck was not read (no PDF or PPTX): its sections could not be checked');
  const missingField = (value: unknown, text: string) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
      missingInformation.push(text);
  };
  missingField(data.companyName, 'Company name');
  missingField(data.website, 'Website');
  missingField(data.industry, 'Industry');
  missingField(data.location, 'Location');
  missingField(data.foundedYear, 'Year founded');
  missingField(data.fundingRound, 'Funding round');
  missingField(data.fundingAmount, 'Amount being raised');
  missingField(data.contactInfo.email ?? data.contactInfo.phone, 'Founder contact details');
  for (const section of sectionsMissing) missingInformation.push(`${DECK_SECTION_LABELS[section]} section`);

  const redFlags: string[] = [];
  if (outline && !present.has('team')) redFlags.push('No team slide: who is building this is not shown');
  if (outline && !present.has('traction') && keyMetrics.length === 0)
    redFlags.push('No traction and no figures: nothing shows progress so far');
  if (outline && !present.has('ask') && !data.fundingAmount)
    redFlags.push('No ask: the deck does not say how much is raised or for what');
  if (outline && !present.has('competition'))
    redFlags.push('No competition slide: the alternatives customers have are not addressed');
  if (outline && outline.pageCount > 0 && outline.pageCount < SHORT_DECK_PAGES)
    redFlags.push(`Very short deck (${outline.pageCount} slides)`);
  if (outline && outline.pageCount > LONG_DECK_PAGES)
    redFlags.push(`Long deck (${outline.pageCount} slides): the story may be hard to follow`);
  const senderDomain = input.fromEmail.split('@')[1]?.toLowerCase() ?? '';
  const website = hostOf(data.website);
  if (!website && isFreeMailDomain(senderDomain))
    redFlags.push('No website and a free-mail sender: the company cannot be verified from the email');
  const thisYear = new Date().getUTCFullYear();
  if (data.foundedYear !== null && data.foundedYear > thisYear)
    redFlags.push(`Founding year ${data.foundedYear} is in the future`);
  if (data.fundingAmount && !data.fundingRound)
    redFlags.push('An amount is raised but no round or instrument is named');

  const strengths = sectionsPresent.map(
    (s) => `${DECK_SECTION_LABELS[s.section]} covered${s.page ? ` (slide ${s.page})` : ''}`,
  );
  const marketNotes = [
    ...(data.industry ? [`Industry: ${data.industry}`] : []),
    ...(data.location ? [`Location: ${data.location}`] : []),
    ...keyMetrics.map((m) => `${m.label}: ${m.value}`),
  ];
  return {
    sectionsPresent,
    sectionsMissing,
    keyMetrics,
    missingInformation,
    redFlags,
    strengths,
    risks: redFlags,
    openQuestions: missingInformation.map((m) => `${m}?`),
    marketNotes,
  };
}
