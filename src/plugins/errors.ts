import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Router, { type HTTPMethod } from 'find-my-way';
import { DatabaseOutageLog, isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, type ErrorCode, errorStatus } from '../shared/errors.js';
import { toValidationIssues, validationError } from '../shared/validation-issues.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The log of database outages: a request answered 503 because the database is away is reported to it. */
    databaseOutage: DatabaseOutageLog;
  }
  interface FastifyRequest {
    /** The `error.code` of the error answer sent (sendError), or of a replayed one (idempotency.ts): the request log records it. */
    errorCode: string | undefined;
  }
}

/**
 * Every failure leaves the service in the contract's envelope: the handler below maps thrown
 * AppErrors, framework errors (validation, body parsing, size) and bugs; unknown routes answer
 * 404, known paths with another method 405 with `Allow`. `ping` tells when the database answers
 * again after an outage (DatabaseOutageLog).
 */
export const errorsPlugin = fp<{ ping: () => Promise<void> }>(
  async (app: FastifyInstance, options) => {
    const outage = new DatabaseOutageLog(app.log, { ping: options.ping });
    app.decorate('databaseOutage', outage);
    app.decorateRequest('errorCode', undefined);
    app.addHook('onClose', () => outage.close());

    // A second router that only knows which methods exist for each path, to tell 405 from 404.
    const methodsByPath = Router();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods as HTTPMethod[]) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        if (!methodsByPath.hasRoute(method, route.url)) methodsByPath.on(method, route.url, () => {});
      }
    });

    app.removeAllContentTypeParsers();
    // Empty bodies are allowed (action endpoints take none); the schema decides whether one is required.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new AppError('invalid_json', 'The request body is not valid JSON'), undefined);
      }
    });

    app.setNotFoundHandler((request, _reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => methodsByPath.find(method as HTTPMethod, path));
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
        throw new AppError('method_not_allowed', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`, { allowed }, { Allow: allow.join(', ') });
      }
      throw new AppError('resource_not_found', `No route ${request.method} ${path}`, { resource: 'route' });
    });

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const appError = toAppError(error);
      // The database being away is expected to happen (a restart, a failover): its start and end
      // are logged once (DatabaseOutageLog); each refused request has its access-log line only.
      if (appError.code === 'service_unavailable' && isDatabaseUnavailable(error)) {
        outage.refused(error.message);
      } else if (appError.status >= 500) {
        request.log.error({ err: error }, 'request failed');
      }
      sendError(request, reply, appError);
    });
  },
  { name: 'errors' },
);

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  request.errorCode = error.code;
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // RFC 6750: a 401 names the scheme; a key that was sent and refused is an invalid token.
  if (error.status === 401 && !reply.hasHeader('www-authenticate')) reply.header('www-authenticate', error.code === 'invalid_api_key' ? 'Bearer realm="lectern", error="invalid_token"' : 'Bearer realm="lectern"');
  const body: { error: Record<string, unknown> } = {
    error: { code: error.code, message: error.message, details: error.details, request_id: request.id },
  };
  if (error.retryAfter !== undefined) body.error.retry_after = error.retryAfter;
  // Written here, not by the route's response schema: the envelope is built field by field above,
  // and an error answer must never fail for want of a detail (the document's ErrorObject is a union
  // by code that the serialiser would have to match). The suite checks every answer against it.
  return reply.code(error.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** The `error.code` of an error answer's body as sendError wrote it (an idempotent replay of one), or undefined. */
export function errorCodeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** A restart answers again within seconds; a client retrying after one second finds it soon after. */
const DATABASE_RETRY_AFTER_SECONDS = 1;

const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_parameter',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
};

const frameworkMessages: Partial<Record<ErrorCode, string>> = {
  unsupported_media_type: 'Request bodies must be application/json',
  payload_too_large: 'The request body is larger than 1 MiB',
  invalid_json: 'The request body is not valid JSON',
  invalid_parameter: 'The request is malformed',
};

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError('service_unavailable', 'The database is unavailable; retry shortly', {}, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  const validation = error.validation;
  if (validation) {
    const part = error.validationContext;
    return validationError(part, toValidationIssues(validation as never, part));
  }
  const code = frameworkCodes[error.code ?? ''];
  if (code) return new AppError(code, frameworkMessages[code] ?? error.message);
  const status = error.statusCode;
  if (status === 503) return new AppError('service_unavailable', 'The service is shutting down; retry shortly');
  if (status && status >= 400 && status < 500 && status in statusCodes) {
    return new AppError(statusCodes[status]!, frameworkMessages[statusCodes[status]!] ?? 'The request is malformed');
  }
  return new AppError('internal_error', 'An internal error occurred; the request id identifies it in our logs');
}

/** First code of each status, for framework errors that carry only a status. */
const statusCodes: Record<number, ErrorCode> = {};
for (const [code, status] of Object.entries(errorStatus) as [ErrorCode, number][]) statusCodes[status] ??= code;
