import type { TIdentityDeps } from '../deps.js';
import type { IUser } from '../entities/user.js';
import type { IOrganization } from '../entities/organization.js';
import { renderWelcomeEmail } from '../emails/templates.js';

/** Welcome email after an account is created; a mail failure never undoes the account (it is logged). */
export async function sendWelcomeEmail(
  deps: TIdentityDeps,
  user: IUser,
  organization: IOrganization | null,
): Promise<void> {
  const content = renderWelcomeEmail({
    name: user.name,
    organizationName: organization?.name ?? null,
    dashboardUrl: `${deps.config.PUBLIC_URL}/dashboard`,
  });
  await deps.mailer.send(user.email, content, 'welcome').catch((error: unknown) => {
    deps.logger.error({ err: error, kind: 'welcome', userId: user.id }, 'welcome email failed');
  });
}
