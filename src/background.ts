import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { applyPendingSearch } from './db/full-text.js';
import { countDueJobs } from './jobs/queue.js';
import { JobRunner } from './jobs/runner.js';
import { purgeExpiredEvents } from './modules/events/events.service.js';
import { courseExporter } from './modules/exports/course-export.job.js';
import { purgeExpiredExports } from './modules/exports/exports.service.js';
import { purgeStaleSpools } from './modules/imports/import-files.js';
import { rosterImporter } from './modules/imports/import.job.js';
import { type ImportsContext, purgeExpiredResults } from './modules/imports/imports.service.js';
import { gradeSender } from './modules/lti/grade-send.job.js';
import { platformUrlPolicy } from './modules/lti/lti-url-policy.js';
import { PlatformTokenCache } from './modules/lti/platform-token.js';
import type { Lookup, UrlPolicy } from './modules/webhooks/url-safety.js';
import { type WebhookDeliverer, webhookDeliverer } from './modules/webhooks/webhook-delivery.job.js';
import { closeSenderAgents } from './modules/webhooks/webhook-sender.js';
import type { ServiceContext } from './shared/context.js';

const PURGE_MS = 60 * 60 * 1000;
/** How often the search documents changed meanwhile are applied to the SQLite index (full-text.ts). */
const SEARCH_APPLY_MS = 1_000;

/** Where import files wait, how many rows a chunk takes and how long a worker's claim lasts (config.imports). */
export function importsContext(ctx: ServiceContext, config: Config): ImportsContext {
  return { ...ctx, importDir: config.imports.dir, chunkRows: config.imports.chunkRows, leaseMs: config.imports.leaseMs };
}

/** Where webhooks may go: https only in production; private addresses only with WEBHOOK_ALLOW_PRIVATE. */
export function webhookUrlPolicy(config: Config): UrlPolicy {
  return { requireHttps: config.production, allowPrivate: config.webhooks.allowPrivate };
}

export interface BackgroundWork {
  /** Sends webhook deliveries; the API's test and retry endpoints use it too. */
  deliverer: WebhookDeliverer;
  /**
   * Starts the job runner, the hourly purge of events, export files and import results past retention, and (SQLite)
   * the application of changed search documents to the index every second.
   */
  start(): Promise<void>;
  /** Stops claiming, waits for the jobs under way, and drops idle receiver connections. */
  stop(): Promise<void>;
  /**
   * Resolves once no job is due and none is running in this process (JobRunner.drain): the
   * deliveries and exports that earlier requests caused are over. Tests use it instead of waiting.
   */
  drain(): Promise<void>;
  /**
   * Webhook attempts by outcome, the jobs due now (a backlog that grows means workers fall behind),
   * and the jobs this process is running.
   */
  registerMetrics(registry: Registry): void;
}

/**
 * The background work of a process, the same in a server (`WORKER=on`, the default) and in a
 * `lectern worker`: one job runner over the shared queue (webhook deliveries, course exports, LTI grade sends),
 * the retention of the event log and of export files, and keeping the SQLite search index current.
 */
export function backgroundWork(database: Database, ctx: ServiceContext, config: Config, log: FastifyBaseLogger, lookup?: Lookup): BackgroundWork {
  const deliverer = webhookDeliverer(ctx, { ...config.webhooks, policy: webhookUrlPolicy(config), lookup }, log);
  const exportsCtx = { ...ctx, exportDir: config.exportDir };
  // LTI grades go to the platforms under the rules of every call to a platform, on the webhooks' retry schedule.
  const platformCtx = {
    ...ctx,
    platformCalls: { policy: platformUrlPolicy(config.production, config.webhooks.allowPrivate), ...(lookup ? { lookup } : {}) },
    tokens: new PlatformTokenCache(),
  };
  const { retrySchedule, timeoutMs, leaseGraceMs, concurrency } = config.webhooks;
  const grades = gradeSender(platformCtx, { retrySchedule, timeoutMs, leaseGraceMs, concurrency }, log);
  const runner = new JobRunner({ database, clock: ctx.clock, log, pollMs: config.jobPollMs, handlers: [deliverer.handler, courseExporter(exportsCtx, log), grades, rosterImporter(importsContext(ctx, config), log)] });
  let purgeTimer: NodeJS.Timeout | undefined;
  let searchTimer: NodeJS.Timeout | undefined;
  let searchApplying: Promise<unknown> | undefined;
  return {
    deliverer,
    async start() {
      await runner.start();
      const purge = () => {
        purgeExpiredEvents(ctx).catch((err: unknown) => log.warn({ err }, 'event purge failed'));
        purgeExpiredExports(exportsCtx).catch((err: unknown) => log.warn({ err }, 'export file purge failed'));
        purgeStaleSpools(config.imports.dir, ctx.clock.now()).catch((err: unknown) => log.warn({ err }, 'import spool purge failed'));
        purgeExpiredResults(ctx).catch((err: unknown) => log.warn({ err }, 'import results purge failed'));
      };
      purgeTimer = setInterval(purge, PURGE_MS);
      purgeTimer.unref();
      if (database.dialect === 'sqlite') {
        searchTimer = setInterval(() => {
          searchApplying ??= applyPendingSearch(database)
            .catch((err: unknown) => log.warn({ err }, 'applying search changes failed'))
            .finally(() => (searchApplying = undefined));
        }, SEARCH_APPLY_MS);
        searchTimer.unref();
      }
    },
    async stop() {
      clearInterval(purgeTimer);
      clearInterval(searchTimer);
      await searchApplying;
      await runner.stop();
      closeSenderAgents();
    },
    drain: () => runner.drain(),
    registerMetrics(registry) {
      new Counter({
        name: 'lectern_webhook_attempts_total',
        help: 'Webhook delivery attempts made by this process, by result (succeeded: a 2xx answer)',
        labelNames: ['result'],
        registers: [registry],
        collect() {
          this.reset();
          this.inc({ result: 'succeeded' }, deliverer.stats.succeeded);
          this.inc({ result: 'failed' }, deliverer.stats.failed);
        },
      });
      new Gauge({
        name: 'lectern_jobs_due',
        help: 'Background jobs due now and not claimed, across all processes',
        registers: [registry],
        async collect() {
          this.set(await countDueJobs(database, ctx.clock.now()));
        },
      });
      new Gauge({
        name: 'lectern_jobs_running',
        help: 'Background jobs this process is running now',
        registers: [registry],
        collect() {
          this.set(runner.runningCount());
        },
      });
    },
  };
}
