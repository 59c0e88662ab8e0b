// One namespace per owning service. Namespace re-exports keep the client tree-shakeable: a bundle keeps only
// the routes it calls (`api.identity.invite`), never a whole service's table.
export * as identity from './generated/identity.js';
export * as billing from './generated/billing.js';
export * as ingest from './generated/ingest.js';
export * as crm from './generated/crm.js';
