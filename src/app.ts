import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { registerKeyCacheMetrics, watchKeyChanges } from './modules/api-keys/key-cache.js';
import { KeyUsageRecorder } from './modules/api-keys/key-usage.js';
import { consoleApiRoutes } from './modules/console/console.routes.js';
import { consoleStatic } from './modules/console/console.static.js';
import { courseRoutes } from './modules/courses/courses.routes.js';
import { enrollmentRoutes } from './modules/enrollments/enrollments.routes.js';
import { eventRoutes } from './modules/events/events.routes.js';
import { exportRoutes } from './modules/exports/exports.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { importRoutes } from './modules/imports/imports.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { playerRoutes } from './modules/player/player.routes.js';
import { progressRoutes } from './modules/progress/progress.routes.js';
import { RequestLogBuffer } from './modules/request-logs/request-log-buffer.js';
import { requestLogRoutes } from './modules/request-logs/request-logs.routes.js';
import { quizAttemptRoutes } from './modules/quiz-attempts/quiz-attempts.routes.js';
import { lessonRoutes } from './modules/lessons/lessons.routes.js';
import { dynamicRegistrationRoutes } from './modules/lti/dynamic-registration.routes.js';
import { deepLinkingRoutes } from './modules/lti/deep-linking.routes.js';
import { ltiJwksRoutes } from './modules/lti/lti-jwks.routes.js';
import { ltiLaunchRoutes } from './modules/lti/lti-launch.routes.js';
import { ltiLoginRoutes } from './modules/lti/lti-login.routes.js';
import { ltiRegistrationRoutes } from './modules/lti/lti-registrations.routes.js';
import { gradeSendRoutes } from './modules/lti/grade-sends.routes.js';
import { nrpsRoutes } from './modules/lti/nrps.routes.js';
import { PlatformKeySets } from './modules/lti/platform-jwks.js';
import { PlatformTokenCache } from './modules/lti/platform-token.js';
import { platformUrlPolicy } from './modules/lti/lti-url-policy.js';
import { moduleRoutes } from './modules/modules/modules.routes.js';
import { oauthRoutes } from './modules/oauth/oauth.routes.js';
import { authenticateOAuthToken } from './modules/oauth/oauth.service.js';
import { mcpRoutes } from './modules/mcp/mcp.routes.js';
import { RateLimiter } from './modules/rate-limits/rate-limiter.js';
import { rateLimitRoutes } from './modules/rate-limits/rate-limits.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { studentRoutes } from './modules/students/students.routes.js';
import { trafficHooks } from './modules/usage/traffic.hooks.js';
import { UsageCounter } from './modules/usage/usage-counter.js';
import { usageRoutes } from './modules/usage/usage.routes.js';
import type { Lookup } from './modules/webhooks/url-safety.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { type BackgroundWork, backgroundWork, importsContext, webhookUrlPolicy } from './background.js';
import { API_PREFIX, authPlugin } from './plugins/auth.js';
import { answerEveryRequest, clientErrors, MAX_PARAM_LENGTH, routerErrors } from './plugins/client-errors.js';
import { errorsPlugin } from './plugins/errors.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { metricsPlugin, RequestStats } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { lazyChildLogger, RequestLogController, requestContextPlugin } from './plugins/request-context.js';
import { validationPlugin } from './plugins/validation.js';
import { cachingSerializerFactory } from './plugins/serializers.js';
import { deprecationPlugin } from './plugins/deprecation.js';
import { runtimeTunings } from './runtime/tunings.js';
import { type Clock, systemClock } from './shared/clock.js';
import type { ServiceContext } from './shared/context.js';
import { newId } from './shared/ids.js';
import { trackInFlightResponses } from './shared/in-flight-responses.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** API key uses of this process not yet written (tests flush it). */
    keyUsage: KeyUsageRecorder;
    /** This process's job runner and timers (with WORKER=on); tests drain its jobs. */
    background: BackgroundWork;
    /** API usage of this process not yet written (tests flush it). */
    usage: UsageCounter;
    /** Failed API requests of this process not yet written to the request log. */
    requestLog: RequestLogBuffer;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** The process logger; tests run without one (a silent one stands in). */
  logger?: Logger;
  /** Process-wide metrics (GC, memory): on for the server, off for the many apps of a test run. */
  processMetrics?: boolean;
  /** Resolves webhook host names (tests inject one to play DNS); the system resolver otherwise. */
  webhookLookup?: Lookup;
}

/** Builds the whole service: cross-cutting plugins first, then every module, listed here. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const ctx: ServiceContext = { db: database, clock: options.clock ?? systemClock };
  const requestStats = new RequestStats();
  // Fastify reports completed requests to the log controller, which also takes the request
  // metrics, only when it has a logger: without the process logger, a silent one.
  const logger = options.logger ?? pino({ level: 'silent' });
  const tls = config.tlsCertFile && config.tlsKeyFile ? { cert: fs.readFileSync(config.tlsCertFile), key: fs.readFileSync(config.tlsKeyFile) } : undefined;

  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    logController: new RequestLogController(logger, requestStats),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy as boolean, // Fastify also takes a hop count, which its types omit
    return503OnClosing: false,
    // The router's errors and unparsable requests answer in the envelope too (client-errors.ts).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routerErrors,
    clientErrorHandler: clientErrors,
    // One serializer per distinct response schema, not per route and status (serializers.ts).
    schemaController: { compilersFactory: { buildSerializer: cachingSerializerFactory() } },
    ...(tls ? { https: tls } : {}),
  }) as unknown as FastifyInstance;
  const tunings = runtimeTunings(config.runtimeTuning);
  tunings.coalesceServerWrites(app.server, tls ? 'secureConnection' : 'connection');
  answerEveryRequest(app);
  trackInFlightResponses(app.server);

  // Keys' last_used_at is written every KEY_USAGE_FLUSH_MS and once more on close. Fastify runs
  // its own server-closing onClose hook (which waits for in-flight requests) before this one, and
  // server.ts closes the database only after app.close().
  const keyUsage = new KeyUsageRecorder(database);
  const usageWriteFailed = (err: unknown) => app.log.error({ err }, 'could not write API keys last_used_at');
  app.decorate('keyUsage', keyUsage);
  app.addHook('onReady', async () => keyUsage.start(config.keyUsageFlushMs, usageWriteFailed));
  app.addHook('onClose', () => keyUsage.stop(usageWriteFailed));
  // PostgreSQL: key rows are remembered while this listens for key changes (key-cache.ts).
  let unwatchKeys: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unwatchKeys = await watchKeyChanges(database, (err) => app.log.warn({ err }, 'key cache: cannot listen for key changes yet; reading keys from the database'));
  });
  app.addHook('onClose', async () => unwatchKeys?.());

  // Usage per key and hour, and the log of failed requests: counted in memory, written with the
  // keys' last_used_at every KEY_USAGE_FLUSH_MS and once more on close.
  const usage = new UsageCounter(database, ctx.clock);
  const requestLog = new RequestLogBuffer(database, ctx.clock);
  const trafficWriteFailed = (err: unknown) => app.log.error({ err }, 'could not write API usage or the request log');
  app.decorate('usage', usage);
  app.decorate('requestLog', requestLog);
  app.addHook('onReady', async () => {
    usage.start(config.keyUsageFlushMs, trafficWriteFailed);
    requestLog.start(config.keyUsageFlushMs, trafficWriteFailed);
  });
  app.addHook('onClose', async () => {
    await usage.stop(trafficWriteFailed);
    await requestLog.stop(trafficWriteFailed);
  });

  await app.register(errorsPlugin, { ping: () => database.ping() });
  await app.register(requestContextPlugin);
  await app.register(validationPlugin);
  await app.register(metricsPlugin, { processMetrics: options.processMetrics ?? false, requestStats });
  registerKeyCacheMetrics(app.metrics, database);
  const limiter = config.rateLimits
    ? new RateLimiter({ redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, redisTimeoutMs: config.redisTimeoutMs, mode: config.rateLimitMode, clock: ctx.clock, log: app.log, tunings })
    : undefined;
  if (limiter) {
    limiter.registerMetrics(app.metrics);
    app.addHook('onReady', () => limiter.connect(2_000));
    app.addHook('onClose', () => limiter.close());
  }
  await app.register(authPlugin, { ctx, keyUsage, requireHttps: config.production, trustProxy: config.trustProxy, limiter });
  await app.register(trafficHooks, { counter: usage, requestLog, clock: ctx.clock });
  await app.register(idempotencyPlugin, { ctx, lockSeconds: config.idempotencyLockSeconds });
  await app.register(deprecationPlugin); // config.deprecated: Deprecation, Sunset, Link (docs/versioning.md)
  await app.register(openapiPlugin);

  // Background jobs (webhook deliveries) run in this process unless WORKER=off. They start once the
  // app is ready and stop on close after in-flight requests, before server.ts closes the database.
  const background = backgroundWork(database, ctx, config, app.log, options.webhookLookup);
  app.decorate('background', background);
  if (config.worker) {
    background.registerMetrics(app.metrics);
    app.addHook('onReady', () => background.start());
    app.addHook('onClose', () => background.stop());
  }

  await app.register(healthRoutes, { database, limiter });
  await app.register(homeRoutes);
  await app.register(ltiJwksRoutes, { ctx }); // the LTI tool's public keys, at the root like health
  await app.register(apiKeyRoutes, { prefix: API_PREFIX, ctx, keyUsage });
  await app.register(rateLimitRoutes, { prefix: API_PREFIX, ctx, limiter });
  await app.register(courseRoutes, { prefix: API_PREFIX, ctx });
  await app.register(moduleRoutes, { prefix: API_PREFIX, ctx });
  await app.register(lessonRoutes, { prefix: API_PREFIX, ctx });
  await app.register(studentRoutes, { prefix: API_PREFIX, ctx });
  await app.register(enrollmentRoutes, { prefix: API_PREFIX, ctx });
  await app.register(progressRoutes, { prefix: API_PREFIX, ctx });
  await app.register(quizAttemptRoutes, { prefix: API_PREFIX, ctx });
  await app.register(searchRoutes, { prefix: API_PREFIX, ctx });
  await app.register(analyticsRoutes, { prefix: API_PREFIX, ctx });
  await app.register(eventRoutes, { prefix: API_PREFIX, ctx });
  await app.register(usageRoutes, { prefix: API_PREFIX, ctx, counter: usage });
  await app.register(requestLogRoutes, { prefix: API_PREFIX, ctx, buffer: requestLog });
  await app.register(exportRoutes, { prefix: API_PREFIX, ctx: { ...ctx, exportDir: config.exportDir } });
  await app.register(importRoutes, { prefix: API_PREFIX, ctx: importsContext(ctx, config) });
  const webhooksCtx = { ...ctx, urlPolicy: webhookUrlPolicy(config), lookup: options.webhookLookup, deliverer: background.deliverer };
  await app.register(webhookRoutes, { prefix: API_PREFIX, ctx: webhooksCtx });
  const ltiRegistrationsCtx = { ...ctx, urlPolicy: platformUrlPolicy(config.production, config.webhooks.allowPrivate), lookup: options.webhookLookup };
  await app.register(ltiRegistrationRoutes, { prefix: API_PREFIX, ctx: ltiRegistrationsCtx, publicUrl: config.publicUrl });
  await app.register(gradeSendRoutes, { prefix: API_PREFIX, ctx });

  // The account console (/console): its pages and its cookie-authenticated JSON API, on the same services.
  await app.register(consoleApiRoutes, { ctx, webhooksCtx, ltiCtx: ltiRegistrationsCtx, importsCtx: importsContext(ctx, config), keyUsage, usage, requestLog, limiter, production: config.production, publicUrl: config.publicUrl, webhookMaxAttempts: config.webhooks.retrySchedule.length + 1 });
  await app.register(consoleStatic);

  // LTI 1.3 launches from an LMS (/lti/login, /lti/launch): HTML pages for a person, outside the API.
  const platformCalls = { policy: platformUrlPolicy(config.production, config.webhooks.allowPrivate), ...(options.webhookLookup ? { lookup: options.webhookLookup } : {}) };
  const ltiCtx = { ...ctx, keySets: new PlatformKeySets(ctx.clock, platformCalls) };
  await app.register(ltiLoginRoutes, { ctx, publicUrl: config.publicUrl });
  await app.register(ltiLaunchRoutes, { ctx: ltiCtx, publicUrl: config.publicUrl });
  await app.register(deepLinkingRoutes, { ctx, publicUrl: config.publicUrl }); // Deep Linking: the course picker's search and answer
  await app.register(nrpsRoutes, { ctx: { ...ctx, platformCalls, tokens: new PlatformTokenCache() } }); // Names and Roles: the members page
  await app.register(dynamicRegistrationRoutes, { ctx: ltiRegistrationsCtx, publicUrl: config.publicUrl }); // GET /lti/register (LTI Dynamic Registration)

  // OAuth 2.1 authorization server for /mcp: metadata, registration, authorize (→ the console's consent), token, revoke.
  await app.register(oauthRoutes, { ctx, limiter, publicUrl: config.publicUrl });
  // The MCP server (POST /mcp, Streamable HTTP, stateless): tools on the module services, for a key or an OAuth token.
  await app.register(mcpRoutes, { ctx, publicUrl: config.publicUrl, allowedOrigins: config.mcpAllowedOrigins, oauthTokens: authenticateOAuthToken });

  // The live learner player (/play/): its page and its API, on a launch- or preview-scoped token.
  await app.register(playerRoutes, { ctx, limiter });

  return app;
}

