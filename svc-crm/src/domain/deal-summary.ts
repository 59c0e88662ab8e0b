import type { TExtractedData } from '@dealflow/contracts';

export const UNKNOWN_COMPANY = 'Unknown Company';

export function findCompanyName(data: TExtractedData, domain: string): string {
  return data.companyName?.trim() || domain;
}

export function createDealName(companyName: string, data: TExtractedData): string {
  return data.fundingRound?.trim() ? `${companyName} (${data.fundingRound.trim()})` : companyName;
}

/** The note attached to a deal: the extracted summary in plain text (Affinity notes are plain text). */
export function createDealSummary(
  data: TExtractedData,
  context: { fromEmail: string; subject: string | null; deckLinks: string[] },
): string {
  const lines: string[] = [];
  const add = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && String(value).trim() !== '')
      lines.push(`${label}: ${String(value).trim()}`);
  };
  add('Company', data.companyName ?? UNKNOWN_COMPANY);
  add('Industry', data.industry ?? 'Unknown industry');
  add('Website', data.website);
  add('Location', data.location);
  add('Founded', data.foundedYear);
  add('Funding round', data.fundingRound);
  add('Funding amount', data.fundingAmount);
  for (const [key, value] of Object.entries(data.metrics)) add(`Metric ${key}`, value);
  const contact = [
    data.contactInfo.name,
    data.contactInfo.position,
    data.contactInfo.email,
    data.contactInfo.phone,
  ]
    .filter(Boolean)
    .join(', ');
  add('Contact', contact);
  add('Sender', context.fromEmail);
  add('Subject', context.subject);
  if (context.deckLinks.length) add('Deck links', context.deckLinks.join(' '));
  if (data.description?.trim()) lines.push('', data.description.trim());
  return lines.join('\n').slice(0, 10_000);
}
