// @dealflow/web-kit: the shared front-end runtime (a Module Federation singleton). Exports per docs/CONVENTIONS.md.
export { apiRequest, ApiError } from './api/request.js';
export type { ApiRequestOptions, HttpMethod } from './api/request.js';
export { nullOn401 } from './api/query.js';
export {
  loadPublicConfig,
  usePublicConfig,
  PUBLIC_CONFIG_PATH,
  PUBLIC_CONFIG_TTL,
} from './api/public-config.js';
export type { UnauthorizedBehavior } from './api/query.js';
export { AuthProvider, useAuth, ME_PATH, ME_QUERY_KEY } from './auth/AuthProvider.js';
export { linkQueryCache } from './auth/session-store.js';
export type { QueryCacheLink } from './auth/session-store.js';
export type { AuthContextValue, AuthStatus, RegisterInput, AuthProviderProps } from './auth/AuthProvider.js';
export { toast } from './toast/store.js';
export type { ToastInput, ToastItem, ToastVariant, ToastHandle, ToastAction } from './toast/store.js';
export { useToast } from './toast/use-toast.js';
export { Toaster } from './toast/Toaster.js';
export { RemoteComponent } from './remote/RemoteComponent.js';
export type { RemoteComponentProps } from './remote/RemoteComponent.js';
export type { TRemoteId } from './remote/remote-ids.js';
export { PageHeading } from './ui/PageHeading.js';
// Fluent's Button from this shared singleton: the shell already loads it (error panel, toasts), so a remote's
// first screen that imports it from here does not download its own copy (~6 KB gzip).
export { Button } from '@fluentui/react-components';
export type { ButtonProps } from '@fluentui/react-components';
