import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.js';

/**
 * One log line per request, when it completes: method, path, route, status, duration and the
 * key id, labelled with the request id. Headers are never logged, so keys stay out of logs.
 */
export class RequestLogController extends LogController {
  // Logged through the root logger with request_id as a field: no per-request child logger.
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      request_id: request.id,
      method: request.method,
      url: pathOf(request.url),
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      key_id: request.auth?.keyId,
    };
    if (error) request.server.log.error({ ...line, err: error }, 'request errored');
    else request.server.log.info(line, 'request completed');
  }
}

/** The X-Request-Id header on every response, and a clean 503 while the process shuts down. */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    // Callback style, not async: this runs on every request and needs no promise.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      if (closing) {
        reply.header('connection', 'close');
        done(new AppError('service_unavailable', 'The service is restarting; retry shortly'));
        return;
      }
      done();
    });
  },
  { name: 'request-context' },
);

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
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
