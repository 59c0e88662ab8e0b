// Test preload (node --import) for every thread it runs in: any TCP connection or DNS look-up to a host
// other than loopback is refused before a packet leaves, and written to NO_NETWORK_LOG for the test to read.
import { appendFileSync } from 'node:fs';
import dns from 'node:dns';
import net from 'node:net';
import { threadId } from 'node:worker_threads';

const LOOPBACK = /^(127\.|::1$|localhost$|::ffff:127\.)/;
const refuse = (what) => {
  if (process.env.NO_NETWORK_LOG) appendFileSync(process.env.NO_NETWORK_LOG, `${what}\n`);
  return new Error(`network blocked by test: ${what}`);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options =
    typeof args[0] === 'object' && args[0] !== null ? args[0] : { port: args[0], host: args[1] };
  if (!options.path && !LOOPBACK.test(String(options.host ?? 'localhost'))) {
    throw refuse(`connect ${options.host}:${options.port}`);
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  if (!LOOPBACK.test(String(host))) throw refuse(`lookup ${host}`);
  return lookup.call(this, host, ...rest);
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = async (host, ...rest) => {
  if (!LOOPBACK.test(String(host))) throw refuse(`lookup ${host}`);
  return promisesLookup(host, ...rest);
};

// Lets a test see that the guard was in force in the threads that did the work.
if (process.env.NO_NETWORK_LOG)
  appendFileSync(`${process.env.NO_NETWORK_LOG}.guarded`, `thread ${threadId}\n`);
