import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
            'Conventions (envelopes, errors, pagination, idempotency) are in docs/api.md.',
        },
        tags: [
          { name: 'courses', description: 'Courses and their publication state' },
          { name: 'modules', description: 'Ordered sections of a course' },
          { name: 'lessons', description: 'Ordered lessons of a module: text, video, quiz, assignment' },
          { name: 'students', description: 'Learners of a workspace' },
          { name: 'enrollments', description: 'Students in courses' },
          { name: 'progress', description: 'Lesson activity and quiz attempts' },
          { name: 'api-keys', description: 'Keys of the calling key\'s account and environment' },
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
      // Shared schemas keep their $id as the component name ("Error") instead of def-0.
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/api/v1/openapi.json' } as never });
    app.get('/api/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
