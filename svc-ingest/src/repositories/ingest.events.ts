import type { EntityManager } from '@mikro-orm/core';
import {
  Topics,
  type TDeckOutline,
  type TEventPayload,
  type TExtractedData,
  type TIntegrationKind,
} from '@dealflow/contracts';
import { publishEvent } from '@dealflow/service-kit';

/*
 * Every event svc-ingest publishes. Each is written to the outbox in the caller's unit of work: it leaves
 * only if the change it announces commits.
 */

/** An email to process (stored, retried, released from the monthly limit or requeued after a crash). */
export function publishEmailReceived(
  em: EntityManager,
  email: { orgId: number; id: number; messageId: string | null; fromEmail: string; receivedAt: Date },
  actorId?: number,
) {
  publishEvent(em, {
    topic: Topics.emailReceived,
    orgId: email.orgId,
    ...(actorId !== undefined ? { actorId } : {}),
    data: {
      orgId: email.orgId,
      emailId: email.id,
      messageId: email.messageId,
      fromEmail: email.fromEmail,
      receivedAt: email.receivedAt.toISOString(),
    },
  });
}

/** A completed record as ingest.deck.extracted announces it. */
export interface TExtractedRecord {
  orgId: number;
  id: number;
  fromEmail: string;
  fromName: string | null;
  subject: string | null;
  extractedData: TExtractedData;
  deckLinks: string[];
  /** Null when no deck file was read (deck links only). */
  deckOutline: TDeckOutline | null;
  /** The email's Message-ID (crm threads its replies to the founder on it). */
  messageId?: string | null;
}

/**
 * crm makes the deal from it. The same event when processing completes and when the sweep announces a record
 * again for want of crm's answer (use-cases/reannounce-extracted-decks.ts).
 */
export function publishDeckExtracted(em: EntityManager, record: TExtractedRecord) {
  publishEvent(em, {
    topic: Topics.deckExtracted,
    orgId: record.orgId,
    data: {
      orgId: record.orgId,
      emailId: record.id,
      fromEmail: record.fromEmail,
      fromName: record.fromName,
      subject: record.subject,
      extractedData: record.extractedData,
      deckLinks: record.deckLinks,
      ...(record.deckOutline ? { outline: record.deckOutline } : {}),
      ...(record.messageId ? { messageId: record.messageId } : {}),
    },
  });
}

/** billing counts usage per user per month from it (completed or failed). */
export function publishDeckProcessed(em: EntityManager, data: TEventPayload<'ingest.deck.processed'>) {
  publishEvent(em, { topic: Topics.deckProcessed, orgId: data.orgId, data });
}

/** crm brings the deal and company in line with a person's correction. */
export function publishRecordCorrected(em: EntityManager, data: TEventPayload<'ingest.record.corrected'>) {
  publishEvent(em, { topic: Topics.recordCorrected, orgId: data.orgId, actorId: data.correctedBy, data });
}

/** A security-relevant integration change: identity records it in the organization's activity log. */
export function publishIntegrationChanged(
  em: EntityManager,
  data: Omit<TEventPayload<'ingest.integration.changed'>, 'changedAt'>,
) {
  publishEvent(em, {
    topic: Topics.integrationChanged,
    orgId: data.orgId,
    actorId: data.userId,
    data: { ...data, changedAt: new Date().toISOString() },
  });
}

/** crm counts svc-ingest's connected integrations (mailbox, accounting) against the plan's limit. */
export function publishIntegrationsChanged(em: EntityManager, orgId: number, connected: TIntegrationKind[]) {
  publishEvent(em, {
    topic: Topics.ingestIntegrationsChanged,
    orgId,
    data: { orgId, connected, changedAt: new Date().toISOString() },
  });
}

/** Gmail's forwarding confirmation reached the organization's address (issue 22): identity emails the owner. */
export function publishForwardingConfirmation(
  em: EntityManager,
  data: TEventPayload<typeof Topics.forwardingConfirmationReceived>,
) {
  publishEvent(em, { topic: Topics.forwardingConfirmationReceived, orgId: data.orgId, data });
}
