import type { FastifyInstance } from 'fastify';
import { pageCsp } from './lti-error-page.js';
import { acceptForms, sendFailure, sendPage, stringFields } from './lti-http.js';
import { enrollAllLearners, membersPage } from './nrps.service.js';
import type { PlatformTokenContext } from './platform-token.js';

export interface NrpsOptions {
  ctx: PlatformTokenContext;
}

/**
 * The members page a teacher's launch offers (Names and Roles): POST /lti/members lists the LMS
 * course's members, POST /lti/members/enroll enrolls its learners. Both carry the page's token in
 * the form; HTML for a person in the LMS's frame; outside the API.
 */
export async function nrpsRoutes(app: FastifyInstance, options: NrpsOptions) {
  acceptForms(app);
  app.post('/lti/members', { schema: { hide: true } }, async (request, reply) => {
    try {
      return sendPage(reply, 200, await membersPage(options.ctx, stringFields(request.body).token), pageCsp({ formAction: ["'self'"] }));
    } catch (error) {
      return sendFailure(request, reply, error);
    }
  });
  app.post('/lti/members/enroll', { schema: { hide: true } }, async (request, reply) => {
    try {
      const { html, result } = await enrollAllLearners(options.ctx, stringFields(request.body).token);
      request.log.info({ lti: 'members_enrolled', ...result }, 'LTI members enrolled');
      return sendPage(reply, 200, html, pageCsp({ formAction: ["'self'"] }));
    } catch (error) {
      return sendFailure(request, reply, error);
    }
  });
}
