import type { EntityManager } from '@mikro-orm/core';
import { ReplyTemplateKinds, type TReplySettings } from '@dealflow/contracts';
import { findReplySettings, saveReplySettings } from '../repositories/founder-reply.repository.js';

/** An owner replaces the three templates and turns the automatic acknowledgement on or off. */
export async function updateReplySettings(
  em: EntityManager,
  orgId: number,
  settings: TReplySettings,
): Promise<TReplySettings> {
  const ordered = ReplyTemplateKinds.map((kind) => settings.templates.find((t) => t.kind === kind)!);
  await saveReplySettings(em, orgId, { templates: ordered, autoAcknowledge: settings.autoAcknowledge });
  return findReplySettings(em, orgId);
}
