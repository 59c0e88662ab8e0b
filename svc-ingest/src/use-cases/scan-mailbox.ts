import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { describeImapError, fetchNewMessages } from '../providers/imap-client.js';
import { orgCredential } from '../domain/crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import { claimDueMailboxes, recordScan } from '../repositories/intake.queries.js';
import { findMailbox } from '../repositories/mailbox.repository.js';
import { findOrganization } from '../repositories/organization.repository.js';
import { receiveMail, receiveOversizedMail } from './receive-mail.js';

const MAX_PER_SCAN = 200;

type TScanDeps = Pick<TIngestDeps, 'config' | 'secretBox' | 'logger'>;

/**
 * Scan: fetches the messages that arrived in the mailbox's folder since the last UID seen and receives
 * each like a webhook delivery (same storage, same outbox event; a known Message-ID is not stored twice).
 */
export async function scanMailbox(em: EntityManager, orgId: number, deps: TScanDeps) {
  const { logger } = deps;
  const mailbox = await findMailbox(em, orgId);
  const org = await findOrganization(em, orgId);
  if (!org || !mailbox?.passwordEnc || !mailbox.host || !mailbox.port || !mailbox.username) {
    throw new IngestError('NO_MAILBOX');
  }
  const password = orgCredential(deps.secretBox, orgId, 'mailbox').open(mailbox.passwordEnc);
  let fetched;
  try {
    fetched = await fetchNewMessages(
      {
        host: mailbox.host,
        port: mailbox.port,
        secure: mailbox.secure,
        username: mailbox.username,
        password,
      },
      {
        folder: mailbox.folder,
        lastUid: Number(mailbox.lastUid),
        uidValidity: mailbox.uidValidity,
        timeoutMs: deps.config.mailbox.imapTimeoutMs,
        max: MAX_PER_SCAN,
        maxBytes: deps.config.mail.maxBytes,
      },
    );
  } catch (error) {
    const reason = describeImapError(error);
    logger.warn({ err: error, orgId }, 'mailbox scan failed');
    await recordScan(em, orgId, { lastError: reason });
    throw new IngestError('MAILBOX_UNREACHABLE', `The mailbox could not be scanned: ${reason}`);
  }
  let received = 0;
  let lastUid: number | undefined;
  for (const message of fetched.messages) {
    try {
      const { duplicate } = message.source
        ? await receiveMail(em.fork(), {
            org,
            raw: message.source,
            source: 'imap',
            parseTimeoutMs: deps.config.mail.parseTimeoutMs,
          })
        : await receiveOversizedMail(em.fork(), {
            org,
            envelope: message.tooLarge!,
            maxBytes: deps.config.mail.maxBytes,
          });
      if (!duplicate) received++;
    } catch (error) {
      // A malformed message is skipped (logged), not retried forever.
      logger.warn({ err: error, uid: message.uid, orgId }, 'mailbox message could not be received');
    }
    lastUid = message.uid;
  }
  await recordScan(em, orgId, {
    lastUid: lastUid ?? Number(fetched.uidValidity === mailbox.uidValidity ? mailbox.lastUid : 0),
    uidValidity: fetched.uidValidity,
    lastError: null,
  });
  return {
    fetched: received,
    message:
      received === 0 ? 'No new messages' : `Fetched ${received} new message${received === 1 ? '' : 's'}`,
  };
}

/** The auto-scan loop's tick: every connected mailbox whose interval has elapsed. */
export async function scanDueMailboxes(em: EntityManager, deps: TScanDeps) {
  const due = await claimDueMailboxes(em, new Date());
  for (const orgId of due) {
    await scanMailbox(em.fork(), orgId, deps).catch((error: unknown) =>
      deps.logger.warn({ err: error, orgId }, 'auto-scan failed'),
    );
  }
  return due.length;
}
