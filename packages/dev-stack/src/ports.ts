import { createServer, connect } from 'node:net';

function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A port that is free right now, picked at random below Linux's ephemeral range (32768-60999). Ports the
 * OS hands out for `listen(0)` come from that range, which is also where every outgoing connection takes
 * its local port: on a busy machine another process's client socket could take the port between this
 * check and the child's listen (seen as EADDRINUSE). Falls back to the OS's choice.
 */
export async function findFreePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_700);
    const bound = await tryListen(port);
    if (bound) return bound;
  }
  const bound = await tryListen(0);
  if (!bound) throw new Error('No free TCP port on 127.0.0.1');
  return bound;
}

/** Resolves once something accepts TCP connections on host:port, rejects after timeoutMs. */
export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Nothing answered on ${host}:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
