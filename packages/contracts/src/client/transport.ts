import type { TRequestOptions } from './types.js';

/** What performs a request: web-kit's `apiRequest` (seed 000 sections 7-8), registered by web-kit itself. */
export type TTransport = (
  method: string,
  url: string,
  body: unknown,
  options: TRequestOptions | undefined,
) => Promise<unknown>;

// Every app bundles its own copy of this client, while web-kit is one shared Module Federation singleton that
// cannot be imported from here (web-kit depends on contracts). The transport therefore lives under a global
// symbol, as @opentelemetry/api registers its providers, so every copy finds the one web-kit registered.
const SLOT = Symbol.for('@dealflow/contracts/client.transport');
type TSlot = { [SLOT]?: TTransport };

export function setApiTransport(transport: TTransport): void {
  (globalThis as TSlot)[SLOT] = transport;
}

export function getApiTransport(): TTransport {
  const transport = (globalThis as TSlot)[SLOT];
  if (!transport) throw new Error('Import @dealflow/web-kit first');
  return transport;
}
