import type { FastifyInstance } from 'fastify';
import { publicBaseUrl } from '../../shared/public-url.js';
import { pageCsp } from './lti-error-page.js';
import { acceptForms, cookieOf, sendFailure, sendPage, stateCookieName, stringFields } from './lti-http.js';
import { completeLaunch, type LtiLaunchContext } from './lti-launch.service.js';
import { checkStatePage } from './lti-storage-pages.js';
import { startDeepLinking } from './deep-linking.service.js';
import { instructorHomePage } from './nrps.service.js';

export interface LtiLaunchOptions {
  ctx: LtiLaunchContext;
  publicUrl: string | undefined;
}

/**
 * POST /lti/launch: the platform's form_post of the id_token and state. A valid launch answers 303
 * to the player (a teacher's with the roster service: a start page with the preview and Members; a
 * teacher's deep-linking request: the course picker); an invalid one an HTML page saying why
 * (400/401/403), having created nothing.
 */
export async function ltiLaunchRoutes(app: FastifyInstance, options: LtiLaunchOptions) {
  acceptForms(app);
  app.post('/lti/launch', { schema: { hide: true } }, async (request, reply) => {
    const form = stringFields(request.body);
    const baseUrl = publicBaseUrl(request, options.publicUrl);
    const state = form.state ?? '';
    const cookie = state !== '' && cookieOf(request, stateCookieName(state)) === state;
    const site = request.headers['sec-fetch-site'];
    const sameOrigin = site === 'same-origin' || (site === undefined && request.headers.origin === new URL(baseUrl).origin);
    try {
      const outcome = await completeLaunch(options.ctx, form, { cookie, sameOrigin }, baseUrl);
      if (outcome.kind === 'check_storage') {
        // A relative action: the page posts back to wherever it was served from, whatever PUBLIC_URL says.
        const html = checkStatePage({ ...outcome, action: '/lti/launch' });
        return sendPage(reply, 200, html, pageCsp({ script: true, formAction: ["'self'"] }));
      }
      // The state cookie has done its work.
      if (cookie) reply.header('set-cookie', `${stateCookieName(state)}=; Path=/lti/launch; Max-Age=0; HttpOnly; Secure; SameSite=None; Partitioned`);
      if (outcome.kind === 'deep_linking') return sendPage(reply, 200, await startDeepLinking(options.ctx, outcome), pageCsp({ formAction: ["'self'"] }));
      if (outcome.members && outcome.launchId !== null) {
        const html = await instructorHomePage(options.ctx, { workspaceId: outcome.workspaceId, courseId: outcome.courseId, launchId: outcome.launchId, previewUrl: outcome.url });
        return sendPage(reply, 200, html, pageCsp({ formAction: ["'self'"] }));
      }
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(outcome.url, 303);
    } catch (error) {
      return sendFailure(request, reply, error);
    }
  });
}
