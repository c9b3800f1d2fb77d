import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorRef } from '../../shared/schemas.js';

const Home = Type.Object(
  {
    name: Type.String(),
    api: Type.String({ description: 'Base path of the API.' }),
    docs: Type.String({ description: 'The interactive reference.' }),
    openapi: Type.String({ description: 'The OpenAPI 3.1 document.' }),
  },
  {
    description: 'Where things are.',
    examples: [{ name: 'Lectern API', api: '/api/v1', docs: '/docs', openapi: '/api/v1/openapi.json' }],
  },
);

/** GET /: where to go from the root of the service, for someone who typed its address into a browser. */
export async function homeRoutes(app: FastifyInstance) {
  app.get('/', {
    schema: {
      tags: ['operations'],
      operationId: 'home',
      summary: 'Links to the API, its reference and its OpenAPI document',
      description: 'Where to go from the root of the service: the API\'s base path, the interactive reference and this document.',
      security: [],
      response: { 200: Home, 431: errorRef(431) },
    },
    handler: async () => ({ name: 'Lectern API', api: '/api/v1', docs: '/docs', openapi: '/api/v1/openapi.json' }),
  });
}
