export { startBroker, mokapiBinary, type Broker, type BrokerOptions } from './broker.js';
export { createDatabase, ensureDatabase, dropDatabase, DEFAULT_ADMIN_URL } from './postgres.js';
export { findFreePort, waitForPort } from './ports.js';
export { isPortFree, isAnswering } from './ports-extra.js';
export { startStack, type Stack, type StackOptions } from './stack.js';
export { startStaticServer, type StaticServer } from './static-server.js';
export { startDovecot, DOVECOT_BINARY, type TImapServer } from './dovecot.js';
export { generateKeys, ensureKeys, type StackKeys } from './keys.js';
export { startEmbeddedPostgres } from './embedded-postgres.js';
export { formatLogLine } from './children.js';
export { buildRawEmail, type TRawEmail, type TRawAttachment } from './raw-email.js';
export {
  REPO_ROOT,
  SERVICE_NAMES,
  SERVICE_LAYOUT,
  REMOTE_FOLDERS,
  REMOTE_LAYOUT,
  type TStackService,
  type TRemoteFolder,
} from './paths.js';
export type { BenchSection, BenchFigure, BenchContext } from './bench-types.js';
