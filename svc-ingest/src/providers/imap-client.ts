import { isIP } from 'node:net';
import { ImapFlow } from 'imapflow';
import { OutboundRefused, resolvePublicAddress } from '@dealflow/service-kit';

/** IMAP over TLS and IMAP with STARTTLS: the only ports a tenant-supplied mail server may be reached on. */
export const IMAP_PORTS = [993, 143];

export interface TImapCredentials {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
}

/**
 * An IMAP client for a tenant-supplied host: the outbound guard resolves the name and checks every address is
 * public (and the port allowed) first; the client connects to that checked address, with the name kept for TLS.
 */
const client = async (c: TImapCredentials, timeoutMs: number) => {
  const pinned = await resolvePublicAddress(c.host, c.port, { ports: IMAP_PORTS });
  return new ImapFlow({
    host: pinned.address,
    ...(isIP(c.host) ? {} : { servername: c.host }),
    port: c.port,
    secure: c.secure,
    auth: { user: c.username, pass: c.password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 4,
    disableAutoIdle: true,
  });
};

/** Why an IMAP attempt failed, in words an investor can act on. */
export function describeImapError(error: unknown): string {
  const e = error as {
    authenticationFailed?: boolean;
    responseText?: string;
    code?: string;
    message?: string;
  };
  if (error instanceof OutboundRefused)
    return 'This mail server cannot be used: it must be a public host on port 993 or 143';
  if (e.authenticationFailed) return 'Authentication failed: check the user name and app password';
  if (e.code === 'ENOTFOUND') return 'Mail server not found: check the host name';
  if (e.code === 'ECONNREFUSED') return 'Connection refused: check the host and port';
  if (e.code === 'ETIMEDOUT' || e.code === 'CONNECT_TIMEOUT' || e.code === 'GREETING_TIMEOUT')
    return 'The mail server did not answer in time';
  if ((error as { tlsFailed?: boolean }).tlsFailed) return 'A secure connection could not be made';
  // What the server said stays in the log: it is not echoed to the user.
  return 'The mail server refused the request';
}

/** Logs in and opens the folder, then logs out: what Test Connection and Connect check. */
export async function checkImapMailbox(
  c: TImapCredentials,
  folder: string,
  timeoutMs: number,
): Promise<{ messages: number }> {
  const imap = await client(c, timeoutMs);
  imap.on('error', () => undefined);
  await imap.connect();
  try {
    const box = await imap.mailboxOpen(folder, { readOnly: true });
    return { messages: box.exists };
  } finally {
    await imap.logout().catch(() => imap.close());
  }
}

export interface TFetchedMessage {
  uid: number;
  /** The raw message; absent when it is over the size cap. */
  source?: Buffer;
  /** Set when the message is over the size cap: its size and what its envelope says. */
  tooLarge?: {
    size: number;
    messageId: string | null;
    fromName: string | null;
    fromEmail: string | null;
    subject: string | null;
    date: Date | null;
  };
}

/**
 * Messages with a UID above `lastUid` (all of them when the folder's UIDVALIDITY changed), oldest first,
 * at most `max` per scan.
 */
export async function fetchNewMessages(
  c: TImapCredentials,
  options: {
    folder: string;
    lastUid: number;
    uidValidity: string | null;
    timeoutMs: number;
    max: number;
    /** Messages larger than this (RFC822.SIZE) are not downloaded: their envelope comes back as `tooLarge`. */
    maxBytes: number;
  },
): Promise<{ uidValidity: string; messages: TFetchedMessage[] }> {
  const imap = await client(c, options.timeoutMs);
  imap.on('error', () => undefined);
  await imap.connect();
  try {
    const box = await imap.mailboxOpen(options.folder, { readOnly: true });
    const uidValidity = String(box.uidValidity);
    const since = options.uidValidity === uidValidity ? options.lastUid : 0;
    const messages: TFetchedMessage[] = [];
    if (box.exists > 0) {
      // Sizes and envelopes first; only messages within the cap are then downloaded.
      const listed: { uid: number; size: number; envelope?: Record<string, unknown> }[] = [];
      const query = { uid: true, size: true, envelope: true };
      for await (const message of imap.fetch(`${since + 1}:*`, query, { uid: true })) {
        // `n:*` always returns the newest message, even when its UID is below n.
        if (message.uid > since)
          listed.push({
            uid: message.uid,
            size: message.size ?? 0,
            envelope: message.envelope as Record<string, unknown>,
          });
      }
      listed.sort((a, b) => a.uid - b.uid);
      for (const m of listed.slice(0, options.max)) {
        if (m.size > options.maxBytes) {
          const env = m.envelope as
            | {
                messageId?: string;
                subject?: string;
                date?: Date;
                from?: { name?: string; address?: string }[];
              }
            | undefined;
          messages.push({
            uid: m.uid,
            tooLarge: {
              size: m.size,
              messageId: env?.messageId ?? null,
              fromName: env?.from?.[0]?.name || null,
              fromEmail: env?.from?.[0]?.address ?? null,
              subject: env?.subject ?? null,
              date: env?.date instanceof Date && !Number.isNaN(env.date.getTime()) ? env.date : null,
            },
          });
          continue;
        }
        const one = await imap.fetchOne(String(m.uid), { uid: true, source: true }, { uid: true });
        if (one && one.source) {
          // The size the server announced is checked again against what came.
          if (one.source.length > options.maxBytes)
            messages.push({
              uid: m.uid,
              tooLarge: {
                size: one.source.length,
                messageId: null,
                fromName: null,
                fromEmail: null,
                subject: null,
                date: null,
              },
            });
          else messages.push({ uid: m.uid, source: one.source });
        }
      }
    }
    messages.sort((a, b) => a.uid - b.uid);
    return { uidValidity, messages };
  } finally {
    await imap.logout().catch(() => imap.close());
  }
}
