import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, TExtractedData, Topics } from '@dealflow/contracts';
import { DeckSchema, type Deck, type TDeckOutcome } from '../entities/index.js';

type TDeckExtracted = TEventPayload<typeof Topics.deckExtracted>;

/** Keeps the latest extraction of a record (a retried record is extracted again under the same email id). */
export async function saveDeck(
  em: EntityManager,
  deck: TDeckExtracted,
  outcome: TDeckOutcome,
): Promise<Deck> {
  return em.upsert(DeckSchema, {
    emailId: deck.emailId,
    orgId: deck.orgId,
    fromEmail: deck.fromEmail,
    fromName: deck.fromName,
    subject: deck.subject,
    extractedData: deck.extractedData,
    deckLinks: deck.deckLinks,
    outline: deck.outline ?? null,
    outcome,
    // An event without a Message-ID (from a producer before it existed) keeps the one already kept.
    ...(deck.messageId ? { messageId: deck.messageId } : {}),
    updatedAt: new Date(),
  });
}

export async function updateDeckOutcome(
  em: EntityManager,
  emailId: number,
  outcome: TDeckOutcome,
): Promise<void> {
  await em.nativeUpdate(DeckSchema, { emailId }, { outcome, updatedAt: new Date() });
}

export function findDeck(em: EntityManager, orgId: number, emailId: number): Promise<Deck | null> {
  return em.findOne(DeckSchema, { orgId, emailId });
}

/** A person's correction reached the CRM: the read model holds the corrected data. */
export async function updateDeckData(em: EntityManager, emailId: number, extractedData: TExtractedData) {
  await em.nativeUpdate(DeckSchema, { emailId }, { extractedData, updatedAt: new Date() });
}
