import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './auth.js';
import { ErrorResponse } from '../shared/schemas.js';

/**
 * The OpenAPI 3.1 document, generated from the same TypeBox schemas that validate requests
 * and serialise responses; served at /api/v1/openapi.json with a reference UI at /docs.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    app.addSchema(ErrorResponse);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Lectern API',
          version: '1.0.0',
          description:
            'Course-authoring API: courses, modules, lessons, students, enrollments, progress and analytics. ' +
            'Every /api/v1 request carries an API key (`Authorization: Bearer <key>` or `X-API-Key: <key>`). ' +
            'Each operation\'s `x-required-scope` names the scope its key needs (a `write` scope also grants its `read`); ' +
            '`null` means any valid key. ' +
            'Conventions (envelopes, errors, pagination, idempotency) are in docs/api.md.',
        },
        tags: [
          { name: 'courses', description: 'Courses and their publication state' },
          { name: 'modules', description: 'Ordered sections of a course' },
          { name: 'lessons', description: 'Ordered lessons of a module: text, video, quiz, assignment' },
          { name: 'students', description: 'Learners of a workspace' },
          { name: 'enrollments', description: 'Students in courses' },
          { name: 'progress', description: 'Lesson activity and quiz attempts' },
          { name: 'search', description: 'Ranked full-text search of courses, lessons and students' },
          { name: 'exports', description: 'Course exports (json, IMS Common Cartridge 1.1) built in the background, and imports' },
          { name: 'analytics', description: 'Course, student and quiz figures, exact, over a period (docs/analytics.md)' },
          { name: 'api-keys', description: 'Keys of the calling key\'s account and environment' },
          { name: 'rate-limits', description: 'The calling key\'s rate-limit budgets (docs/rate-limits.md)' },
          { name: 'webhooks', description: 'Endpoints that receive signed events, and their deliveries (docs/webhooks.md)' },
          { name: 'events', description: 'The event log of the last 30 days: the polling fallback to webhooks' },
          { name: 'operations', description: 'Health, readiness and metrics (no key needed)' },
        ],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer lct_prod_…' },
            apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          },
        },
        security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
      },
      transform: ({ schema, url, route }) => ({ schema: withRequiredScope(schema, url, route), url }),
      transformObject: (document) => withRateLimitHeaders((document as unknown as { openapiObject: OpenApiDocument }).openapiObject) as never,
      // Shared schemas keep their $id as the component name ("Error") instead of def-0.
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/api/v1/openapi.json' } });
    app.get('/api/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

/**
 * `x-required-scope` on every keyed /api/v1 operation: the scope its route declares (the one the
 * auth plugin checks), or `null` for a route any valid key may call (GET /rate-limits). The same
 * fact is said in words at the end of the description. Public operations carry no extension.
 * Clients and the scope-matrix test read the extension; they never guess from the path.
 */
function withRequiredScope(schema: FastifySchema, url: string, route: RouteOptions): FastifySchema {
  if (!schema || !url.startsWith(API_PREFIX) || route.config?.public) return schema;
  const scope = route.config?.scope ?? null;
  const sentence = scope
    ? `Requires scope \`${scope}\`${scope.endsWith(':read') ? ` (or \`${scope.replace(/:read$/, ':write')}\`)` : ''}.`
    : 'Any valid API key may call it; no scope is needed.';
  const description = typeof schema.description === 'string' ? `${schema.description}\n\n${sentence}` : sentence;
  // @fastify/swagger copies an operation schema's `x-` keys into the operation.
  return { ...schema, description, 'x-required-scope': scope } as FastifySchema;
}

interface OpenApiDocument {
  components?: Record<string, Record<string, unknown>>;
  paths?: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, { headers?: Record<string, unknown> }> }>>;
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });
const stringHeader = (description: string) => ({ description, schema: { type: 'string' } });

/** The budget headers (docs/rate-limits.md) on every response of every keyed operation. */
const rateLimitHeaders = {
  'X-RateLimit-Limit': integerHeader('The key\'s hourly quota.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in the sliding hourly window.'),
  'X-RateLimit-Reset': integerHeader('Unix seconds when the oldest request counted in the hourly window stops counting.'),
  'RateLimit-Policy': stringHeader('IETF draft: every budget of the route, e.g. `"hourly";q=1000;w=3600, "burst";q=100;w=60`.'),
  RateLimit: stringHeader('IETF draft: remaining `r` and seconds to reset `t` per budget, e.g. `"hourly";r=999;t=3660, "burst";r=99;t=1`.'),
};
const retryAfter = integerHeader('429 only: whole seconds after which the same request succeeds if nothing else spends the budgets.');

function withRateLimitHeaders(document: OpenApiDocument): OpenApiDocument {
  const components = (document.components ??= {});
  components.headers = { ...rateLimitHeaders, 'Retry-After': retryAfter };
  const refs = Object.fromEntries(Object.keys(rateLimitHeaders).map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const operation of Object.values(operations)) {
      if (Array.isArray(operation.security) && operation.security.length === 0) continue; // public
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (status === '401') continue; // no key recognised: no key budgets
        response.headers = { ...response.headers, ...refs, ...(status === '429' ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}) };
      }
    }
  }
  return document;
}
