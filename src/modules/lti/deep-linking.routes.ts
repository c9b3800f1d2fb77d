import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { publicBaseUrl } from '../../shared/public-url.js';
import { answerDeepLinking, returnOrigin, searchPicker } from './deep-linking.service.js';
import { deepLinkAnswerHtml, INSTRUCTOR_SCRIPT, INSTRUCTOR_SCRIPT_PATH } from './instructor-pages.js';
import { pageCsp } from './lti-error-page.js';
import { sendFailure, sendPage, stringFields } from './lti-http.js';

export interface DeepLinkingOptions {
  ctx: ServiceContext;
  publicUrl: string | undefined;
}

/** Every value of a form field (the picker's `course_id` repeats when the platform accepts several). */
const allValues = (form: Record<string, unknown>, name: string): string[] => {
  const value = form[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/**
 * The Deep Linking picker's own posts (the picker itself is the answer to POST /lti/launch):
 * POST /lti/deep-linking searches, POST /lti/deep-linking/answer signs the choice and answers the
 * page that posts it to the platform. HTML for a person in the LMS's frame; outside the API.
 */
export async function deepLinkingRoutes(app: FastifyInstance, options: DeepLinkingOptions) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    const form: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(body as string)) {
      const held = form[name];
      form[name] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
    }
    done(null, form);
  });

  app.post('/lti/deep-linking', { schema: { hide: true } }, async (request, reply) => {
    const form = stringFields(request.body);
    try {
      const html = await searchPicker(options.ctx, form.token, form.q ?? '');
      return sendPage(reply, 200, html, pageCsp({ formAction: ["'self'"] }));
    } catch (error) {
      return sendFailure(request, reply, error);
    }
  });

  app.post('/lti/deep-linking/answer', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const form = stringFields(body);
    try {
      const answer = await answerDeepLinking(options.ctx, form.token, allValues(body, 'course_id'), publicBaseUrl(request, options.publicUrl));
      // The page may post only to the platform's return URL, and runs only Lectern's own script.
      return sendPage(reply, 200, deepLinkAnswerHtml(answer), pageCsp({ script: true, formAction: [returnOrigin(answer.returnUrl)] }));
    } catch (error) {
      return sendFailure(request, reply, error);
    }
  });

  app.get(INSTRUCTOR_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').send(INSTRUCTOR_SCRIPT),
  );
}
