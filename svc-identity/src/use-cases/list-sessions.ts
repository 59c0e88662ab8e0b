import type { EntityManager } from '@mikro-orm/core';
import { parse as parseUserAgent } from 'bowser';
import type { TAccountSession } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { listLiveSessionsOfUser } from '../repositories/session.repository.js';

/**
 * A user agent in plain words: "Chrome 131 on Windows 10", "Safari 17 on iPhone", "Firefox 133 on Linux".
 * Bowser (MIT) reads it; what it cannot name (a program, a script) is shown as sent, shortened. Null: none.
 */
export function describeUserAgent(userAgent: string | null): string | null {
  const raw = userAgent?.trim();
  if (!raw) return null;
  const { browser, os, platform } = parseUserAgent(raw);
  if (!browser.name) return raw.length > 60 ? `${raw.slice(0, 59)}…` : raw;
  const major = browser.version?.split('.')[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  const device =
    platform.model && platform.type !== 'desktop'
      ? platform.model
      : os.name
        ? [os.name, os.versionName].filter(Boolean).join(' ')
        : null;
  return device ? `${name} on ${device}` : name;
}

/** The caller's live sessions (not expired, not idle past the timeout), most recently used first. */
export async function listSessions(
  em: EntityManager,
  deps: Pick<TIdentityDeps, 'config'>,
  actor: TActor,
): Promise<TAccountSession[]> {
  const rows = await listLiveSessionsOfUser(em, actor.userId, deps.config.session.idleMinutes);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    device: describeUserAgent(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isCurrent: row.id === actor.sessionId,
  }));
}
