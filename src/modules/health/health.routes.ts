import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Database } from '../../db/database.js';
import { AppError } from '../../shared/errors.js';
import { ErrorResponse, errorRef } from '../../shared/schemas.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { withDeadline } from '../../shared/deadline.js';

const tags = ['operations'];
const Status = (description: string, examples: unknown[]) =>
  Type.Object(
    {
      status: Type.String({ description: '`ok` (healthz); `ready`, `degraded` or `not_ready` (readyz).' }),
      checks: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Each dependency: `database`, and with Redis `redis` and `rate_limits`.' })),
    },
    { description, examples },
  );
/** While the process shuts down, readiness answers 503 in the error envelope. */
const ShuttingDown = Type.Unsafe<Static<typeof ErrorResponse>>({ $ref: 'ErrorResponse#' });

/**
 * The readiness check answers within this, whatever the database does: a hung server must read as
 * not ready well inside a load balancer's probe timeout (commonly 1 to 5 s), and a database that
 * takes longer than this for `select 1` is not one to send traffic to.
 */
const READY_TIMEOUT_MS = 1_000;

/** Liveness, readiness and metrics, outside /api/v1 and without a key. */
export async function healthRoutes(app: FastifyInstance, { database, limiter }: { database: Database; limiter: RateLimiter | undefined }) {

  app.get('/healthz', {
    schema: {
      tags,
      operationId: 'healthz',
      summary: 'The process is up',
      description: 'Answers 200 `{"status": "ok"}` while the process runs; it checks nothing else (GET /readyz checks the database).',
      security: [],
      response: { 200: Status('The process is up.', [{ status: 'ok' }]), 431: errorRef(431) },
    },
    handler: async () => ({ status: 'ok' }),
  });

  app.get('/readyz', {
    schema: {
      tags,
      operationId: 'readyz',
      summary: 'The database (and Redis, when configured) answer',
      description:
        'Answers 503 when the database does not. An unreachable Redis does not make the process unready (rate limits fail open to ' +
        'local ones): it answers 200 with status `degraded`, `checks.redis: unreachable` and `checks.rate_limits: local`. ' +
        `A database that has not answered within ${READY_TIMEOUT_MS} ms is unreachable. While the process shuts down it answers 503 ` +
        '`service_unavailable` in the error envelope at once, while every other request is still served.',
      security: [],
      response: {
        200: Status('Ready: the database answers (`degraded` when Redis does not).', [{ status: 'ready', checks: { database: 'ok' } }]),
        431: errorRef(431),
        503: Type.Union([Status('Not ready: the database does not answer.', [{ status: 'not_ready', checks: { database: 'unreachable' } }]), ShuttingDown], {
          description: 'Not ready: the database does not answer (`not_ready`), or the process is shutting down (the error envelope, `service_unavailable`).',
        }),
      },
    },
    handler: async (_request, reply) => {
      // From SIGTERM on, readiness fails at once so load balancers stop sending; other requests that
      // still arrive are served (with Connection: close, request-context.ts).
      if (app.shuttingDown()) throw new AppError('service_unavailable', 'The process is shutting down', {}, { 'Retry-After': '1' });
      const checks: Record<string, string> = {};
      try {
        await withDeadline(database.ping(), READY_TIMEOUT_MS);
        checks.database = 'ok';
      } catch (err) {
        // A probe failing is a request refused for the database, logged as part of its outage.
        app.databaseOutage.refused((err as Error).message);
        checks.database = 'unreachable';
      }
      const redis = await limiter?.redisHealth();
      if (redis) {
        checks.redis = redis;
        checks.rate_limits = redis === 'ok' ? 'shared' : 'local';
      }
      const ready = checks.database === 'ok';
      reply.code(ready ? 200 : 503);
      return { status: ready ? (redis === 'unreachable' ? 'degraded' : 'ready') : 'not_ready', checks };
    },
  });

  app.get('/metrics', {
    schema: {
      tags,
      operationId: 'metrics',
      summary: 'Prometheus metrics (text format)',
      description: 'The process\'s metrics in the Prometheus text format, for a scraper. No key needed: keep it off the public internet.',
      security: [],
      response: {
        200: {
          description: 'The metrics, as Prometheus text (version 0.0.4).',
          content: { 'text/plain': { schema: { type: 'string', examples: ['# TYPE lectern_http_requests_total counter\n'] } } },
        },
        431: errorRef(431),
      },
    },
    handler: async (_request, reply) => {
      reply.type(app.metrics.contentType);
      return app.metrics.metrics();
    },
  });
}
