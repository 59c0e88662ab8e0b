import type { TExtractedData } from '@dealflow/contracts';

export interface TDeckChange {
  field: string;
  before: string | null;
  after: string | null;
}

const text = (v: unknown): string | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();

/** What changed from one deck of a company to the next: round, amount, description, and each metric. */
export function deckChanges(before: TExtractedData | null, after: TExtractedData | null): TDeckChange[] {
  if (!before || !after) return [];
  const changes: TDeckChange[] = [];
  const compare = (field: string, a: unknown, b: unknown) => {
    const x = text(a);
    const y = text(b);
    if (x !== y) changes.push({ field, before: x, after: y });
  };
  compare('Round', before.fundingRound, after.fundingRound);
  compare('Amount', before.fundingAmount, after.fundingAmount);
  compare('Location', before.location, after.location);
  const metrics = new Set([...Object.keys(before.metrics ?? {}), ...Object.keys(after.metrics ?? {})]);
  for (const name of [...metrics].sort()) compare(name, before.metrics?.[name], after.metrics?.[name]);
  return changes;
}

/** The registrable-ish host of a website ("https://www.acme.io/about" -> "acme.io"), or null. */
export function websiteHost(website: string | null | undefined): string | null {
  if (!website) return null;
  const host = website
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .split(/[/?#:]/, 1)[0]!
    .replace(/^www\./, '');
  return host.includes('.') ? host : null;
}
