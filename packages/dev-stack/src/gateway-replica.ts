import { join } from 'node:path';
import { spawnNode, waitUntilReady, type ChildService } from './children.js';
import {
  REMOTE_FOLDERS,
  REMOTE_LAYOUT,
  REPO_ROOT,
  SERVICE_LAYOUT,
  SERVICE_NAMES,
  type TStackService,
} from './paths.js';
import { findFreePort } from './ports.js';
import type { Stack } from './stack.js';

export interface GatewayReplica {
  url: string;
  child: ChildService;
  stop(): Promise<void>;
}

/**
 * One more gateway in front of a running stack's services and remotes, as a second replica would be in a
 * cluster: the same upstreams, internal token and Redis, its own port. Tests use it to show that what one
 * gateway learns (a logout, a rate-limit hit) holds at the other.
 */
export async function startGatewayReplica(
  stack: Stack,
  options: {
    root?: string;
    env?: Record<string, string>;
    log?: (line: string) => void;
    readyTimeoutMs?: number;
  } = {},
): Promise<GatewayReplica> {
  const root = options.root ?? REPO_ROOT;
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const upstreams = Object.fromEntries(
    SERVICE_NAMES.flatMap((name: TStackService) => {
      const service = stack.services[name];
      return service ? [[SERVICE_LAYOUT[name].urlEnv, service.urls.join(',')]] : [];
    }),
  );
  const child = spawnNode({
    name: `gateway:${port}`,
    script: 'dist/server.js',
    cwd: join(root, 'gateway'),
    log: options.log ?? ((line) => process.stderr.write(line + '\n')),
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV === 'production' ? 'production' : 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      PUBLIC_URL: url,
      REDIS_URL: stack.redisUrl ?? '',
      INTERNAL_API_TOKEN: stack.keys.internalToken,
      IDENTITY_JWT_PUBLIC_KEY: stack.keys.publicKeyPem,
      SHELL_DIST: join(root, 'shell', 'dist'),
      // Its own /metrics port would collide with the first gateway's.
      METRICS_PORT: '0',
      ...upstreams,
      ...Object.fromEntries(
        REMOTE_FOLDERS.map((folder) => [REMOTE_LAYOUT[folder].urlEnv, stack.remotes[folder].url]),
      ),
      ...options.env,
    },
  });
  try {
    await waitUntilReady(`${url}/readyz`, child, options.readyTimeoutMs ?? 30_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url, child, stop: () => child.stop() };
}
