export {
  ZBaseConfig,
  loadConfig,
  blankIsUnset,
  urlList,
  ConfigError,
  type TBaseConfig,
  DEV_INTERNAL_API_TOKEN,
  ZAllowFlag,
  refuseDevelopmentDefaults,
  baseDevelopmentDefaults,
  type TDevelopmentDefault,
} from './config.js';
export { AppError, KitError, defineErrors, installErrorHandling, type TErrorSpec } from './errors.js';
export { loggerOptions, redactUrl } from './logger.js';
export {
  isCrossSiteRequest,
  safeEqual,
  claimsToIdentity,
  IDENTITY_TOKEN_HEADER,
  INTERNAL_TOKEN_HEADER,
  JWT_ISSUER,
  SESSION_COOKIE,
  REAUTH_WINDOW_MS,
  isRecentlyAuthenticated,
  requireVerifiedSession,
  requireRecentAuthentication,
  type Identity,
  type IdentityClaims,
} from './auth.js';
export { publishEvent, OutboxRelay, type PublishInput } from './outbox.js';
export {
  defineConsumer,
  handleEvent,
  DEFAULT_RETRY_POLICY,
  retryDelayMs,
  RetryWorker,
  type TRetryPolicy,
  type HandleOutcome,
  type ConsumerDefinition,
  type ConsumerContext,
  ServiceStoppingError,
} from './consumer.js';
export {
  VALUE_DIGEST_HEADER,
  EVENT_ID_HEADER,
  eventHeaders,
  checkDelivery,
  type TDeliveryCheck,
} from './delivery.js';
export { createdAtColumn, updatedAtColumn, timestampColumn, foreignKey } from './columns.js';
export { openDatabase, ensureDatabase, type TMigrationList } from './db.js';
export { createMigration, findSchemaDrift, runMigrationCli, type TMigrationSource } from './migrations.js';
export { createSqlReader, type SqlReader, type PreparedStatement } from './sql.js';
export { rows, execute } from './queries.js';
export { startSchedules, type ScheduleDefinition, type Schedules } from './schedules.js';
export { setSessionCookie, clearSessionCookie, type TSessionCookieRules } from './session-cookie.js';
export { applyKafkajsIdleFix } from './kafkajs-idle-fix.js';
export {
  createService,
  runService,
  type Service,
  type ServiceApp,
  type ServiceContext,
  type ServiceDefinition,
  type RouteRequest,
  type TActorBase,
  type TActorFor,
  type TRouteCall,
  type TRouteOptions,
  type TRouter,
} from './service.js';
export {
  startTelemetry,
  stopTelemetry,
  telemetryStatus,
  startMetrics,
  renderMetrics,
  PROMETHEUS_CONTENT_TYPE,
  type TTelemetryOptions,
} from './telemetry.js';
export { registerMetrics, recordRequestDurations, startMetricsServer } from './http-metrics.js';
export { traceHeaders, currentTraceparent } from './trace-context.js';
export { runDeadLetterCommand, runDeadLetterCli } from './dead-letters.js';
export {
  OutboundRefused,
  guardedFetch,
  isPublicAddress,
  resolvePublicAddress,
  testAllowList,
  type TFetched,
  type TFetchOptions,
  type TOutboundOptions,
  type TTestAllow,
} from './outbound-guard.js';
export { createSecretBox, type TSecretBox } from './secret-box.js';
export { markup, unsafeHtml, escapeHtml, SafeHtml, type THtmlValue } from './html.js';
export { toCsvCell, toCsvLine } from './csv.js';
export { UpstreamGroup, splitUrl, type UpstreamPoolOptions, type UpstreamRequest } from './upstreams.js';
