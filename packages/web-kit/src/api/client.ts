// The typed client (@dealflow/contracts/client) as web-kit's own modules use it: every call goes through
// apiRequest (seed 000 sections 7-8: headers, error catalogue). Registered once, when the shared web-kit
// loads, for every app's copy of the client; apps import `api` from @dealflow/contracts/client directly.
// Listed in package.json's sideEffects: without that a bundler skips this module (its one export is a
// re-export), and the registration with it.
import { api, setApiTransport } from '@dealflow/contracts/client';
import { apiRequest, type THttpMethod } from './request.js';

setApiTransport((method, url, body, options) => apiRequest(method as THttpMethod, url, body, options));

export { api };
