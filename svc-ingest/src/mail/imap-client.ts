import { ImapFlow } from 'imapflow';

export interface TImapCredentials {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
}

const client = (c: TImapCredentials, timeoutMs: number) =>
  new ImapFlow({
    host: c.host,
    port: c.port,
    secure: c.secure,
    auth: { user: c.username, pass: c.password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 4,
    disableAutoIdle: true,
  });

/** Why an IMAP attempt failed, in words an investor can act on. */
export function describeImapError(error: unknown): string {
  const e = error as {
    authenticationFailed?: boolean;
    responseText?: string;
    code?: string;
    message?: string;
  };
  if (e.authenticationFailed) return 'Authentication failed: check the user name and app password';
  if (e.code === 'ENOTFOUND') return 'Mail server not found: check the host name';
  if (e.code === 'ECONNREFUSED') return 'Connection refused: check the host and port';
  if (e.code === 'ETIMEDOUT' || e.code === 'CONNECT_TIMEOUT' || e.code === 'GREETING_TIMEOUT')
    return 'The mail server did not answer in time';
  return e.responseText ?? e.message ?? 'Unknown IMAP error';
}

/** Logs in and opens the folder, then logs out: what Test Connection and Connect check. */
export async function checkImapMailbox(
  c: TImapCredentials,
  folder: string,
  timeoutMs: number,
): Promise<{ messages: number }> {
  const imap = client(c, timeoutMs);
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
  source: Buffer;
}

/**
 * Messages with a UID above `lastUid` (all of them when the folder's UIDVALIDITY changed), oldest first,
 * at most `max` per scan.
 */
export async function fetchNewMessages(
  c: TImapCredentials,
  options: { folder: string; lastUid: number; uidValidity: string | null; timeoutMs: number; max: number },
): Promise<{ uidValidity: string; messages: TFetchedMessage[] }> {
  const imap = client(c, options.timeoutMs);
  imap.on('error', () => undefined);
  await imap.connect();
  try {
    const box = await imap.mailboxOpen(options.folder, { readOnly: true });
    const uidValidity = String(box.uidValidity);
    const since = options.uidValidity === uidValidity ? options.lastUid : 0;
    const messages: TFetchedMessage[] = [];
    if (box.exists > 0) {
      for await (const message of imap.fetch(`${since + 1}:*`, { uid: true, source: true }, { uid: true })) {
        // `n:*` always returns the newest message, even when its UID is below n.
        if (message.uid > since && message.source)
          messages.push({ uid: message.uid, source: message.source });
        if (messages.length >= options.max) break;
      }
    }
    messages.sort((a, b) => a.uid - b.uid);
    return { uidValidity, messages };
  } finally {
    await imap.logout().catch(() => imap.close());
  }
}
