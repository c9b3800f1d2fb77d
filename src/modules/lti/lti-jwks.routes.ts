import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { errorRef, Ref } from '../../shared/schemas.js';
import { LtiJwks } from './lti-registrations.schemas.js';
import { publishedJwks } from './tool-keys.service.js';

const tags = ['lti'];

/**
 * Platforms cache the tool's keys for this long. A rotation publishes the new key at once and keeps
 * the previous one published, so a platform holding a copy this old still verifies what either signed.
 */
const MAX_AGE_SECONDS = 300;

/** The tool's public keys, at the root (not under /api/v1) and without a key: platforms fetch them. */
export async function ltiJwksRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  for (const [url, operationId] of [
    ['/lti/jwks', 'getLtiJwks'],
    ['/.well-known/jwks.json', 'getWellKnownJwks'],
  ] as const) {
    app.get(url, {
      schema: {
        tags,
        operationId,
        summary: url === '/lti/jwks' ? 'The tool\'s public keys (JWKS)' : 'The tool\'s public keys (JWKS), at the well-known address',
        description:
          'The JSON Web Key Set that LMS platforms verify Lectern\'s signed messages with (Deep Linking responses, client assertions): the public halves of the current ' +
          'and the previous RS256 key, never a private part. Public: no key is needed. Cacheable for 5 minutes. ' +
          (url === '/lti/jwks' ? 'The same set is at /.well-known/jwks.json.' : 'The same set as GET /lti/jwks.'),
        security: [],
        response: { 200: Ref(LtiJwks), 431: errorRef(431), 500: errorRef(500), 503: errorRef(503) },
      },
      handler: async (_request, reply) => {
        reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
        return publishedJwks(ctx);
      },
    });
  }
}
