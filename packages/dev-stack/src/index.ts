export { startBroker, mokapiBinary, type Broker, type BrokerOptions } from './broker.js';
export { createDatabase, ensureDatabase, dropDatabase, DEFAULT_ADMIN_URL } from './postgres.js';
export { findFreePort, waitForPort } from './ports.js';
