import type { FastifyInstance } from 'fastify';
import { publicBaseUrl } from '../../shared/public-url.js';
import { registerPlatform, RegistrationRefused } from './dynamic-registration.service.js';
import { errorPageHtml, escapeHtml, htmlDocument, pageCsp } from './lti-error-page.js';
import { sendPage, stringFields } from './lti-http.js';
import type { LtiContext } from './lti-registrations.service.js';

export interface DynamicRegistrationOptions {
  ctx: LtiContext;
  publicUrl: string | undefined;
}

/** The script of the page that ends a registration; served by Lectern (the page's CSP allows no inline script). */
export const LTI_CLOSE_SCRIPT_PATH = '/lti/assets/lti-close.js';

/**
 * Tells the LMS that the registration is over, so that it closes the frame or window it opened
 * (LTI Dynamic Registration 1.0, §3.6: `org.imsglobal.lti.close` to the opener or the parent, any
 * origin: the message carries nothing). Sent on load and again from the page's Close button.
 */
export const LTI_CLOSE_SCRIPT = `(function () {
  'use strict';
  function close() {
    (window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');
  }
  var button = document.getElementById('lti-close');
  if (button) button.addEventListener('click', close);
  close();
})();
`;

function registeredPage(issuer: string, product: string | null): string {
  const body = `<main>
<h1>Lectern is registered</h1>
<p>This ${product ? `${escapeHtml(product)} ` : ''}platform (<code>${escapeHtml(issuer)}</code>) can now launch Lectern courses. Its registration is on the LTI page of the Lectern console.</p>
<p><button type="button" id="lti-close">Close</button></p>
<p class="hint">If this window stays open, close it and finish the tool's set-up in your LMS.</p>
</main>`;
  return htmlDocument('Lectern is registered', body, `<script src="${LTI_CLOSE_SCRIPT_PATH}" defer></script>\n`);
}

/**
 * GET /lti/register: LTI Dynamic Registration, opened by the LMS in the administrator's browser with
 * `link` (Lectern's one-time token), `openid_configuration` and usually `registration_token`.
 * Answers an HTML page either way; a browser endpoint like /lti/login, so not in OpenAPI.
 */
export async function dynamicRegistrationRoutes(app: FastifyInstance, options: DynamicRegistrationOptions) {
  // No HEAD: a link checker must not spend (or even try) a registration link.
  app.get('/lti/register', { schema: { hide: true }, exposeHeadRoute: false }, async (request, reply) => {
    const query = stringFields(request.query);
    try {
      const done = await registerPlatform(options.ctx, {
        link: query.link,
        openidConfiguration: query.openid_configuration,
        registrationToken: query.registration_token,
        baseUrl: publicBaseUrl(request, options.publicUrl),
      });
      request.log.info({ lti_registration: done.registration.id }, 'LTI platform registered');
      return sendPage(reply, 200, registeredPage(done.registration.issuer, done.product), pageCsp({ script: true }));
    } catch (error) {
      if (error instanceof RegistrationRefused) {
        request.log.info({ lti: error.code }, 'LTI registration refused');
        return sendPage(reply, error.status, errorPageHtml({ status: error.status, title: error.title, message: error.message }), pageCsp());
      }
      request.log.error({ err: error }, 'LTI registration failed');
      const message = 'Lectern could not finish the registration right now. Try again in a moment.';
      return sendPage(reply, 500, errorPageHtml({ status: 500, title: 'Something went wrong', message }), pageCsp());
    }
  });

  app.get(LTI_CLOSE_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').send(LTI_CLOSE_SCRIPT),
  );
}
