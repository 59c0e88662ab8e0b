import { ingestRoutes } from '@dealflow/contracts';
import { requireOrganization, requireOwner, route, type ServiceApp } from '@dealflow/service-kit';
import { connectMailbox } from '../use-cases/connect-mailbox.js';
import type { TIntegrationDeps } from '../use-cases/deps.js';
import { disconnectMailbox } from '../use-cases/disconnect-mailbox.js';
import { getAccountingSettings } from '../use-cases/get-accounting-settings.js';
import { getMailboxStatus } from '../use-cases/get-mailbox-status.js';
import { testMailbox } from '../use-cases/test-mailbox.js';
import { updateAccountingSettings } from '../use-cases/update-accounting-settings.js';
import { updateMailboxSettings } from '../use-cases/update-mailbox-settings.js';

export function registerIntegrationRoutes(app: ServiceApp, deps: TIntegrationDeps) {
  route(app, ingestRoutes.mailbox, async (request) => {
    const identity = requireOrganization(request);
    return getMailboxStatus(request.em, identity.orgId, deps, identity.role === 'owner');
  });
  route(app, ingestRoutes.mailboxTest, async (request) => {
    const { orgId } = requireOwner(request);
    return testMailbox(request.em, orgId, request.body, deps);
  });
  route(app, ingestRoutes.mailboxConnect, async (request) => {
    const { orgId } = requireOwner(request);
    return connectMailbox(request.em, orgId, request.body, deps);
  });
  route(app, ingestRoutes.mailboxSettings, async (request) => {
    const { orgId } = requireOwner(request);
    return updateMailboxSettings(request.em, orgId, request.body, deps);
  });
  route(app, ingestRoutes.mailboxDisconnect, async (request) => {
    const { orgId } = requireOwner(request);
    return disconnectMailbox(request.em, orgId, deps);
  });
  route(app, ingestRoutes.accounting, async (request) => {
    const { orgId } = requireOrganization(request);
    return getAccountingSettings(request.em, orgId);
  });
  route(app, ingestRoutes.accountingUpdate, async (request) => {
    const { orgId } = requireOwner(request);
    return updateAccountingSettings(request.em, orgId, request.body, deps);
  });
}
