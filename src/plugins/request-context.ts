import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.js';

/**
 * Per-request basics: the X-Request-Id header on every response, one log line per request
 * (method, route, status, duration; never headers, so keys stay out of logs), and a clean 503
 * for requests that arrive while the process shuts down.
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (closing) {
        reply.header('connection', 'close');
        throw new AppError('service_unavailable', 'The service is restarting; retry shortly');
      }
    });

    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        {
          method: request.method,
          url: request.url.split('?')[0],
          route: request.routeOptions.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 100) / 100,
          key_id: request.auth?.keyId,
        },
        'request completed',
      );
    });
  },
  { name: 'request-context' },
);
