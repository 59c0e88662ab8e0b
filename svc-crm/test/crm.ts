import type { TRole, TEventOf, TTopic } from '@dealflow/contracts';
import { Topics } from '@dealflow/contracts';
import { startServiceForTest, waitFor } from '@dealflow/service-kit/testing';
import { buildApp } from '../src/app.js';
import { loadServiceConfig } from '../src/config.js';

/** svc-crm as it runs (the kit's startServiceForTest), with what crm's tests ask of it by record. */
export async function startCrm(env: Record<string, string> = {}) {
  const t = await startServiceForTest({
    name: 'crm',
    loadConfig: loadServiceConfig,
    build: buildApp,
    env,
    collect: [Topics.dealCreated, Topics.dealRejected, Topics.commentCreated],
  });
  const bus = t.bus!;
  // crm's answers are about one record: its events are told apart by email id, not by organization.
  const ofRecord = <T extends TTopic>(topic: T, emailId: number) =>
    bus.of(topic).filter((e) => (e.data as { emailId?: number }).emailId === emailId) as TEventOf<T>[];
  return {
    ...t,
    bus,
    ofRecord,
    async waitForRecord<T extends TTopic>(topic: T, emailId: number, count = 1, timeoutMs = 15_000) {
      await waitFor(() => ofRecord(topic, emailId).length >= count, { timeoutMs });
      return ofRecord(topic, emailId);
    },
    headersFor: (orgId: number | null, role: TRole = 'owner', userId = 1) =>
      t.headers({ userId, orgId, role }),
  };
}
