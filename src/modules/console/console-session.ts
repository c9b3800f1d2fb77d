import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '../../db/types.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { type Session, SESSION_TTL_MS, sessionOf } from '../users/users.service.js';
import { publicBaseUrl } from '../../shared/public-url.js';

export const SESSION_COOKIE = 'lectern_session';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session of the request (console routes that need one). */
    consoleSession: Session | null;
  }
}

/** Whether the request came over HTTPS (directly or, with TRUST_PROXY, through a proxy), as Fastify resolves it. */
export function secureCookies(request: FastifyRequest, production: boolean): boolean {
  return production || request.protocol === 'https';
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure over HTTPS or in production, for /console only. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string, production: boolean): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/console',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request, production),
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, production: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/console', httpOnly: true, sameSite: 'lax', secure: secureCookies(request, production) });
}

/**
 * A state-changing request from another site is refused before anything else: a browser names the
 * page's origin in `Origin` (and `Sec-Fetch-Site`) on every cross-origin POST, so a form or script
 * on another site fails here whatever the cookie. Requests without either header (curl, old
 * browsers) meet the token check instead.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw csrfFailed();
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) throw csrfFailed();
}

/**
 * The session of the request's cookie (401 without one), and on a state-changing request its CSRF
 * token in `X-CSRF-Token` (the synchronizer-token pattern: a page of another site cannot read it).
 */
export async function requireSession(ctx: ServiceContext, request: FastifyRequest): Promise<Session> {
  const sessionId = request.cookies[SESSION_COOKIE];
  const session = sessionId ? await sessionOf(ctx, sessionId) : undefined;
  if (!session) throw new AppError('session_required', 'Sign in to the console first');
  if (UNSAFE_METHODS.has(request.method)) {
    const sent = request.headers['x-csrf-token'];
    const expected = Buffer.from(session.csrfToken);
    const given = Buffer.from(typeof sent === 'string' ? sent : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw csrfFailed();
  }
  return session;
}

/** Owners and developers manage keys and webhooks; viewers only read. */
export function assertCanManage(role: UserRole): void {
  if (role === 'viewer') throw new AppError('insufficient_permissions', 'A viewer can read but not change keys or webhooks', { action: 'manage' });
}

/** Only owners manage the account's users. */
export function assertOwner(role: UserRole): void {
  if (role !== 'owner') throw new AppError('insufficient_permissions', "Only the account's owners manage its users", { action: 'manage_users' });
}

/**
 * The address the console's sign-in links open: PUBLIC_URL when set, else the one this request
 * came to (its protocol and host as Fastify resolves them: through a proxy only with TRUST_PROXY).
 */
export function consoleBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicBaseUrl(request, publicUrl);
}

function csrfFailed(): AppError {
  return new AppError('csrf_failed', 'This request did not come from the console: reload the page and try again');
}
