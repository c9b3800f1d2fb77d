import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

const Home = Type.Object({
  name: Type.String(),
  api: Type.String({ description: 'Base path of the API.' }),
  docs: Type.String({ description: 'The interactive reference.' }),
  openapi: Type.String({ description: 'The OpenAPI 3.1 document.' }),
});

/** GET /: where to go from the root of the service, for someone who typed its address into a browser. */
export async function homeRoutes(app: FastifyInstance) {
  app.get('/', {
    schema: { tags: ['operations'], operationId: 'home', summary: 'Links to the API, its reference and its OpenAPI document', security: [], response: { 200: Home } },
    handler: async () => ({ name: 'Lectern API', api: '/api/v1', docs: '/docs', openapi: '/api/v1/openapi.json' }),
  });
}
