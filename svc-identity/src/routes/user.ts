import { route, type ServiceApp } from '@dealflow/service-kit';
import { identityRoutes } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import { isGoogleSignInEnabled } from '../config.js';
import { toUserDto } from '../presenters.js';
import { updateProfile } from '../use-cases/update-profile.js';
import { changePassword } from '../use-cases/change-password.js';
import { deleteUser } from '../use-cases/delete-user.js';
import { getNotificationSettings, updateNotificationSettings } from '../use-cases/notification-settings.js';
import { clearSessionCookie, requireActor } from './session-auth.js';

export function registerUserRoutes(app: ServiceApp, deps: TIdentityDeps): void {
  const { config } = deps;

  route(app, identityRoutes.updateProfile, async (request) => {
    const actor = await requireActor(request, deps);
    return toUserDto(await updateProfile(request.em, actor, request.body));
  });

  route(app, identityRoutes.changePassword, async (request) => {
    const actor = await requireActor(request, deps);
    await changePassword(request.em, actor, request.body);
    return { success: true as const, message: 'Password updated' };
  });

  route(app, identityRoutes.deleteUser, async (request, reply) => {
    const actor = await requireActor(request, deps);
    await deleteUser(request.em, actor, request.body);
    clearSessionCookie(reply, config);
    return { success: true as const, message: 'Account deleted' };
  });

  route(app, identityRoutes.getNotifications, async (request) => {
    const actor = await requireActor(request, deps);
    return getNotificationSettings(request.em, actor);
  });

  route(app, identityRoutes.updateNotifications, async (request) => {
    const actor = await requireActor(request, deps);
    return updateNotificationSettings(request.em, actor, request.body);
  });

  route(app, identityRoutes.config, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { supportEmail: config.SUPPORT_EMAIL, googleSignInEnabled: isGoogleSignInEnabled(config) };
  });
}
