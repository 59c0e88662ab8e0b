import type { EntityManager } from '@mikro-orm/core';
import type { ZMailboxConnectBody } from '@dealflow/contracts';
import type { z } from 'zod';
import { IngestError } from '../errors.js';
import { checkImapMailbox, describeImapError } from '../providers/imap-client.js';
import type { TIngestDeps } from '../deps.js';
import { findMailbox } from '../repositories/mailbox.repository.js';

export type TMailboxCredentials = z.infer<typeof ZMailboxConnectBody>;

/** Test Connection: really logs in to the IMAP server and opens the configured folder. */
export async function testMailbox(
  em: EntityManager,
  orgId: number,
  body: TMailboxCredentials,
  deps: Pick<TIngestDeps, 'config' | 'logger'>,
) {
  const folder = (await findMailbox(em, orgId))?.folder ?? 'INBOX';
  try {
    const { messages } = await checkImapMailbox(body, folder, deps.config.mailbox.imapTimeoutMs);
    return {
      success: true as const,
      message: `Connected to ${body.host}: ${folder} holds ${messages} message(s)`,
    };
  } catch (error) {
    deps.logger.warn({ err: error, orgId }, 'mailbox test failed');
    throw new IngestError(
      'MAILBOX_INVALID',
      `Could not connect to ${body.host}:${body.port}: ${describeImapError(error)}`,
    );
  }
}
