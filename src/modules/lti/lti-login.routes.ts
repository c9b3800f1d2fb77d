import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { publicBaseUrl } from '../../shared/public-url.js';
import { pageCsp } from './lti-error-page.js';
import { acceptForms, sendFailure, sendPage, stateCookieName, stringFields } from './lti-http.js';
import { LOGIN_TTL_MS, startLogin } from './lti-launch.service.js';
import { LTI_STORAGE_SCRIPT, LTI_STORAGE_SCRIPT_PATH, storeStatePage } from './lti-storage-pages.js';

export interface LtiLoginOptions {
  ctx: ServiceContext;
  publicUrl: string | undefined;
}

/**
 * GET|POST /lti/login: the OIDC third-party initiated login an LMS starts a launch with. Answers
 * 302 to the platform's auth endpoint, setting the state cookie; with `lti_storage_target`, a page
 * that first puts the state into the platform storage. Outside the API (no key), not in OpenAPI.
 */
export async function ltiLoginRoutes(app: FastifyInstance, options: LtiLoginOptions) {
  acceptForms(app);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = stringFields(request.method === 'POST' ? request.body : request.query);
    const baseUrl = publicBaseUrl(request, options.publicUrl);
    try {
      const login = await startLogin(options.ctx, params, `${baseUrl}/lti/launch`);
      // SameSite=None needs Secure, which browsers honour over https and on localhost only (docs/lti.md, "Launches").
      reply.header(
        'set-cookie',
        `${stateCookieName(login.state)}=${login.state}; Path=/lti/launch; Max-Age=${LOGIN_TTL_MS / 1000}; HttpOnly; Secure; SameSite=None; Partitioned`,
      );
      if (login.storageTarget === null) return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(login.authUrl, 302);
      const html = storeStatePage({ target: login.storageTarget, origin: login.authOrigin, state: login.state, next: login.authUrl });
      return sendPage(reply, 200, html, pageCsp({ script: true }));
    } catch (error) {
      return sendFailure(request, reply, error);
    }
  };
  // No HEAD: a login records a state, which a link checker's HEAD must not.
  app.route({ method: ['GET', 'POST'], url: '/lti/login', schema: { hide: true }, exposeHeadRoute: false, handler });

  app.get(LTI_STORAGE_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').send(LTI_STORAGE_SCRIPT),
  );
}
