import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import type { ZLicenceAccess } from '@dealflow/contracts';
import type { TBillingDeps } from '../deps.js';
import type { LicenceRecord } from '../entities/licence.js';
import { BillingError } from '../errors.js';
import { findLicencesOfUser } from '../repositories/licence.repository.js';
import type { TTemplateVersion } from '../templates/template-store.js';

type TLicenceDeps = Pick<TBillingDeps, 'templateStore'>;

/**
 * What one licence covers (newest first): the version current at purchase (the newest released by then) and
 * every version released after it until updates-until (purchase + 6 months).
 */
export function versionsCoveredBy(
  versions: TTemplateVersion[],
  licence: Pick<LicenceRecord, 'issuedAt' | 'updatesUntil'>,
) {
  const issued = licence.issuedAt.getTime();
  const until = licence.updatesUntil.getTime();
  const newestFirst = [...versions].sort((a, b) => Date.parse(b.releasedAt) - Date.parse(a.releasedAt));
  const current = newestFirst.find((v) => Date.parse(v.releasedAt) <= issued);
  return newestFirst
    .filter((v) => v === current || (Date.parse(v.releasedAt) > issued && Date.parse(v.releasedAt) <= until))
    .map((v) => ({ ...v, currentAtPurchase: v === current }));
}

/** The buyer's licences; none: 403 (only buyers with product access reach the template). */
async function licencesOf(em: EntityManager, userId: number) {
  const licences = await findLicencesOfUser(em, userId);
  if (licences.length === 0) throw new BillingError('LICENCE_REQUIRED');
  return licences;
}

/** Versions any of the buyer's licences covers (a second purchase renews the six months). */
async function coveredForUser(deps: TLicenceDeps, licences: LicenceRecord[]) {
  const versions = (await deps.templateStore?.list()) ?? [];
  const covered = new Map<string, TTemplateVersion & { currentAtPurchase: boolean }>();
  for (const licence of licences)
    for (const v of versionsCoveredBy(versions, licence)) {
      const seen = covered.get(v.version);
      covered.set(v.version, { ...v, currentAtPurchase: v.currentAtPurchase || !!seen?.currentAtPurchase });
    }
  return [...covered.values()].sort((a, b) => Date.parse(b.releasedAt) - Date.parse(a.releasedAt));
}

export async function getLicence(
  em: EntityManager,
  userId: number,
  deps: TLicenceDeps,
): Promise<z.infer<typeof ZLicenceAccess>> {
  const licences = await licencesOf(em, userId);
  const latest = licences[licences.length - 1]!;
  const versions = await coveredForUser(deps, licences);
  return {
    licence: {
      purchaseId: latest.purchaseId,
      product: latest.product,
      licenceKey: latest.licenceKey,
      issuedAt: latest.issuedAt.toISOString(),
      updatesUntil: latest.updatesUntil.toISOString(),
    },
    versions: versions.map(({ version, releasedAt, sha256, size, currentAtPurchase }) => ({
      version,
      releasedAt,
      sha256,
      size,
      currentAtPurchase,
    })),
  };
}

/** The archive of one covered version and its manifest entry; any other version: 404. */
export async function openTemplateDownload(
  em: EntityManager,
  userId: number,
  { version }: { version: string },
  deps: TLicenceDeps,
) {
  const licences = await licencesOf(em, userId);
  const entry = (await coveredForUser(deps, licences)).find((v) => v.version === version);
  if (!entry || !deps.templateStore) throw new BillingError('TEMPLATE_VERSION_UNKNOWN');
  return { entry, stream: await deps.templateStore.open(entry) };
}
