import { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';
import type { RequestStats } from './metrics.js';

/** What the `request completed` line says about a request; undefined fields are left out. */
interface RequestSummary {
  request_id: string;
  method: string;
  /** The path, without the query string. */
  url: string;
  /** The route pattern; undefined when no route matched. */
  route: string | undefined;
  status: number;
  ms: number;
  key_id: string | undefined;
}

/**
 * What happens when a request completes (Fastify calls requestCompleted once the response is
 * sent, for every request, unmatched ones included): one log line with method, path, route,
 * status, duration and key id, labelled with the request id, and one sample of the request
 * metrics. Both read the route and the duration once, in this one place rather than in a log line
 * and an onResponse hook each. Headers are never logged, so keys stay out of logs.
 */
export class RequestLogController extends LogController {
  constructor(
    private readonly logger: Logger,
    private readonly stats: RequestStats,
  ) {
    super({ requestIdLogLabel: 'request_id' });
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    // The route pattern, not the URL, keeps metric label values few.
    const route = request.routeOptions.url;
    const ms = reply.elapsedTime;
    this.stats.record(request.method, route ?? 'unmatched', reply.statusCode, ms / 1000);
    const summary: RequestSummary = {
      request_id: request.id,
      method: request.method,
      url: pathOf(request.url),
      route,
      status: reply.statusCode,
      ms: Math.round(ms * 100) / 100,
      key_id: request.auth?.keyId,
    };
    // Errors go through the logger itself: pino serialises the error with its stack.
    if (error) request.server.log.error({ ...summary, err: error }, 'request errored');
    else this.logger.info(summary, 'request completed');
  }
}

/**
 * The headers every response carries (X-Request-Id, Cache-Control, X-Content-Type-Options: see
 * setResponseHeaders), and `Connection: close` on every answer once the process shuts down.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment the app starts closing (SIGTERM): readiness fails, requests are still served. */
    shuttingDown(): boolean;
  }
}

export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.decorate('shuttingDown', () => closing);

    // Callback style, not async: this runs on every request and needs no promise.
    app.addHook('onRequest', (request, reply, done) => {
      setResponseHeaders(reply, request.id);
      // A request that reaches a process shutting down is served as usual (the database is still
      // open) and its connection closes after the answer, so no client sees an error on a deploy.
      if (closing) reply.header('connection', 'close');
      done();
    });
  },
  { name: 'request-context' },
);

/**
 * The headers of every response, whatever answers it (a route, the error handler, the router's
 * own errors): the request id, and `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`
 * (answers hold a workspace's data and change with every write; a JSON body is never to be read
 * as anything else). Static files of /docs replace Cache-Control with their own.
 */
export function setResponseHeaders(reply: FastifyReply, requestId: string): void {
  reply.header('x-request-id', requestId).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * `request.log`, created when first used. Fastify would build a pino child logger (bindings
 * serialised) for every request; most requests never log anything but the completion line,
 * which goes through the root logger.
 */
class LazyRequestLogger {
  private created: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  get level(): string {
    return this.parent.level;
  }
  private get logger(): FastifyBaseLogger {
    this.created ??= this.parent.child(this.bindings, this.options);
    return this.created;
  }
  fatal(...args: Parameters<FastifyBaseLogger['fatal']>) {
    this.logger.fatal(...args);
  }
  error(...args: Parameters<FastifyBaseLogger['error']>) {
    this.logger.error(...args);
  }
  warn(...args: Parameters<FastifyBaseLogger['warn']>) {
    this.logger.warn(...args);
  }
  info(...args: Parameters<FastifyBaseLogger['info']>) {
    this.logger.info(...args);
  }
  debug(...args: Parameters<FastifyBaseLogger['debug']>) {
    this.logger.debug(...args);
  }
  trace(...args: Parameters<FastifyBaseLogger['trace']>) {
    this.logger.trace(...args);
  }
  silent(...args: Parameters<FastifyBaseLogger['silent']>) {
    this.logger.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
