import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorPageHtml, pageCsp } from './lti-error-page.js';
import { hashState, LaunchRefused } from './lti-launch.service.js';
import { newWindowHtml } from './lti-storage-pages.js';

/**
 * What the login and launch routes share: the form bodies LMSs post, Lectern's own address, and
 * HTML answers (never the API's JSON envelope: a person reads them inside the LMS).
 */

/** `application/x-www-form-urlencoded`, as the platforms post (only for the routes of the calling plugin). */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** Only the string values of a query or form (a repeated parameter keeps its first). */
export function stringFields(source: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof source !== 'object' || source === null) return fields;
  for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
    if (typeof value === 'string') fields[name] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') fields[name] = value[0];
  }
  return fields;
}

/** One cookie of the request, by name (the value as sent). */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Sends an HTML page with its CSP; never cached, never leaking the URL (which may carry a state) as a Referer. */
export function sendPage(reply: FastifyReply, status: number, html: string, csp: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(html);
}

/** The page of a refused login or launch; an unexpected failure gets a page too, and the log gets the error. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof LaunchRefused) {
    request.log.info({ lti: error.code }, 'LTI launch refused');
    const extra = error.newWindowUrl ? newWindowHtml(error.newWindowUrl) : undefined;
    return sendPage(reply, error.status, errorPageHtml({ status: error.status, title: error.title, message: error.message, ...(extra ? { extra } : {}) }), pageCsp());
  }
  request.log.error({ err: error }, 'LTI launch failed');
  const message = 'Lectern could not open this right now. Try again in a moment.';
  return sendPage(reply, 500, errorPageHtml({ status: 500, title: 'Something went wrong', message }), pageCsp());
}

/** The name of a login's state cookie: one per login, so that several launches in one page do not overwrite each other's. */
export const stateCookieName = (state: string): string => `lectern_lti_${hashState(state).slice(0, 16)}`;
