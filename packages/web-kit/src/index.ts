// @dealflow/web-kit: the shared front-end runtime (a Module Federation singleton). Exports per docs/CONVENTIONS.md.
export { apiRequest, ApiError } from './api/request.js';
export type { TApiRequestOptions, THttpMethod } from './api/request.js';
export { nullOn401 } from './api/query.js';
export {
  loadPublicConfig,
  usePublicConfig,
  PUBLIC_CONFIG_PATH,
  PUBLIC_CONFIG_TTL,
} from './api/public-config.js';
export type { TUnauthorizedBehavior } from './api/query.js';
export { AuthProvider, useAuth, ME_PATH, ME_QUERY_KEY } from './auth/AuthProvider.js';
export { linkQueryCache } from './auth/session-store.js';
export { useReauthentication, isReauthRequired, REAUTH_REQUIRED_MESSAGE } from './auth/ReauthPrompt.js';
export type { TReauthentication } from './auth/ReauthPrompt.js';
export type { TQueryCacheLink } from './auth/session-store.js';
export type {
  TAuthContextValue,
  TAuthStatus,
  TRegisterInput,
  TAuthProviderProps,
} from './auth/AuthProvider.js';
export { toast } from './toast/store.js';
export type { TToastInput, TToastItem, TToastVariant, TToastHandle, TToastAction } from './toast/store.js';
export { useToast } from './toast/use-toast.js';
export { Toaster } from './toast/Toaster.js';
export { RemoteComponent } from './remote/RemoteComponent.js';
export type { TRemoteComponentProps } from './remote/RemoteComponent.js';
export type { TRemoteId } from './remote/remote-ids.js';
export { PageHeading } from './ui/PageHeading.js';
// Fluent's Button from this shared singleton: the shell already loads it (error panel, toasts), so a remote's
// first screen that imports it from here does not download its own copy (~6 KB gzip).
export { Button } from '@fluentui/react-components';
export type { ButtonProps } from '@fluentui/react-components';
