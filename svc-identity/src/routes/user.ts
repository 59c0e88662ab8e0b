import type { TRouter } from '@dealflow/service-kit';
import { identityRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { toUserDto } from '../presenters.js';
import { updateProfile } from '../use-cases/update-profile.js';
import { changePassword } from '../use-cases/change-password.js';
import { deleteUser } from '../use-cases/delete-user.js';
import { getNotificationSettings, updateNotificationSettings } from '../use-cases/notification-settings.js';
import { unsubscribe } from '../use-cases/unsubscribe.js';
import { clearSessionCookie, requestMeta } from './session-cookie.js';

export function userRoutes({ route }: TRouter<TActor>, deps: TIdentityDeps): void {
  const { config } = deps;

  route(identityRoutes.updateProfile, async ({ actor, body, request }) =>
    toUserDto(await updateProfile(request.em, actor, body)),
  );

  route(identityRoutes.changePassword, async ({ actor, body, request }) => {
    await changePassword(request.em, deps, actor, body, requestMeta(request, config));
    return { success: true as const, message: 'Password updated' };
  });

  route(identityRoutes.deleteUser, async ({ actor, body, request, reply }) => {
    await deleteUser(request.em, deps, actor, body, requestMeta(request, config));
    clearSessionCookie(reply, config);
    return { success: true as const, message: 'Account deleted' };
  });

  route(identityRoutes.getNotifications, async ({ actor, request }) =>
    getNotificationSettings(request.em, actor),
  );

  route(identityRoutes.updateNotifications, async ({ actor, body, request }) =>
    updateNotificationSettings(request.em, actor, body),
  );

  // Public: the signed token is the authority. RFC 8058 mail clients send `List-Unsubscribe=One-Click` as a
  // form body, which is read and ignored (app.ts accepts that content type for this reason).
  route(identityRoutes.unsubscribe, async ({ query, request }) =>
    unsubscribe(request.em, deps.unsubscribeSecret, query.token),
  );

  route(identityRoutes.config, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return { supportEmail: config.supportEmail, googleSignInEnabled: config.google !== null };
  });
}
