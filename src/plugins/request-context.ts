import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.js';

/**
 * One log line per request, when it completes: method, path, route, status, duration and the
 * key id, labelled with the request id. Headers are never logged, so keys stay out of logs.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: pathOf(request.url),
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      key_id: request.auth?.keyId,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
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
