import { billingLicenceRoutes } from '@dealflow/contracts';
import contentDisposition from 'content-disposition';
import type { TRouter } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { getLicence, openTemplateDownload } from '../use-cases/get-licence.js';

/**
 * The template licence (issue 20, item 8): the buyer's signed key and covered versions, and the download of
 * one version (streamed from the store; its length and sha256 are the manifest's, so a client can check).
 */
export function licenceRoutes({ route }: TRouter, deps: TBillingDeps) {
  route(billingLicenceRoutes.licence, async ({ actor, request }) =>
    getLicence(request.em, actor.userId, deps),
  );

  route(billingLicenceRoutes.downloadTemplate, async ({ actor, params, request, reply }) => {
    const { entry, stream } = await openTemplateDownload(
      request.em,
      actor.userId,
      { version: params.version },
      deps,
    );
    return reply
      .type('application/gzip')
      .header('content-disposition', contentDisposition(entry.key))
      .header('content-length', String(entry.size))
      .header('x-content-sha256', entry.sha256)
      .header('etag', `"sha256-${entry.sha256}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
