import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { LtiRegistrationsTable } from '../../db/types.js';
import type { ServiceContext } from '../../shared/context.js';
import { callPlatform, PlatformCallError, type PlatformCallPolicy } from './platform-http.js';
import { currentToolKey } from './tool-keys.service.js';

/**
 * OAuth 2 access tokens from a platform's token endpoint for LTI Advantage services (AGS, NRPS):
 * the client-credentials grant with a signed client assertion (1EdTech Security Framework §4.1,
 * RFC 7523), signed by the tool's current key. A token is kept per (registration, scope set) until
 * shortly before it expires, so a run of grade sends or roster pages asks for one token.
 */

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** A client assertion lives five minutes: the platform checks it at once. */
const ASSERTION_TTL_SECONDS = 300;
/** A token is given up this long before the platform says it expires (a call in flight must still carry a valid one). */
const EXPIRY_MARGIN_MS = 60_000;
/** When the platform does not say (`expires_in` is RECOMMENDED, not required), a token is kept this long. */
const DEFAULT_LIFETIME_MS = 300_000;
/** The token request, whole. */
export const TOKEN_TIMEOUT_MS = 10_000;
const MAX_TOKEN_BYTES = 64 * 1024;

/** The platform gave no token: the reason is safe to show and to store (no token, no body). */
export class PlatformTokenError extends Error {
  constructor(
    readonly reason: string,
    /** The platform's status, when it answered (null when it did not): a 5xx or 429 is worth retrying, another 4xx is not. */
    readonly status: number | null,
    /** The platform's Retry-After, in ms from now, when it gave one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(reason);
    this.name = 'PlatformTokenError';
  }
}

/** A `Retry-After` header (seconds, or an HTTP date) as ms from `nowMs`; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, nowMs: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

interface CachedToken {
  token: string;
  /** When to stop using it (the platform's expiry less the margin), in clock ms. */
  useUntil: number;
}

/** The tokens held, per (registration, token URL, client id, scope set); one per app, passed in the context. */
export class PlatformTokenCache {
  readonly tokens = new Map<string, CachedToken>();
  readonly inFlight = new Map<string, Promise<CachedToken>>();

  clear(): void {
    this.tokens.clear();
  }

  /** Drops a registration's tokens (the platform refused one: the next call asks for a new one). */
  forget(registrationId: string): void {
    for (const key of this.tokens.keys()) if (key.startsWith(`${registrationId}\u0000`)) this.tokens.delete(key);
  }
}

/** What asking a platform for a token needs: the calls' address rules and the token cache. */
export interface PlatformTokenContext extends ServiceContext {
  platformCalls: PlatformCallPolicy;
  tokens: PlatformTokenCache;
}

export type TokenRegistration = Pick<LtiRegistrationsTable, 'id' | 'client_id' | 'auth_token_url'>;

/** An access token for `scopes` at the registration's platform, from the cache while it is good. */
export async function platformAccessToken(ctx: PlatformTokenContext, registration: TokenRegistration, scopes: string[]): Promise<string> {
  const scope = [...new Set(scopes)].sort().join(' ');
  const key = [registration.id, registration.auth_token_url, registration.client_id, scope].join('\u0000');
  const cache = ctx.tokens;
  const held = cache.tokens.get(key);
  if (held && held.useUntil > ctx.clock.now()) return held.token;
  let pending = cache.inFlight.get(key);
  if (!pending) {
    pending = requestToken(ctx, registration, scope).finally(() => cache.inFlight.delete(key));
    cache.inFlight.set(key, pending);
  }
  const fresh = await pending;
  cache.tokens.set(key, fresh);
  return fresh.token;
}

/** The signed JWT that authenticates the tool at the token endpoint: iss = sub = client_id, aud = the token URL. */
export async function clientAssertion(ctx: ServiceContext, registration: TokenRegistration): Promise<string> {
  const key = await currentToolKey(ctx);
  const now = Math.floor(ctx.clock.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(registration.client_id)
    .setSubject(registration.client_id)
    .setAudience(registration.auth_token_url)
    .setIssuedAt(now)
    .setExpirationTime(now + ASSERTION_TTL_SECONDS)
    .setJti(randomBytes(16).toString('base64url'))
    .sign(key.privateKey);
}

async function requestToken(ctx: PlatformTokenContext, registration: TokenRegistration, scope: string): Promise<CachedToken> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: await clientAssertion(ctx, registration),
    scope,
  }).toString();
  const askedAt = ctx.clock.now();
  let response;
  try {
    response = await callPlatform(
      {
        method: 'POST',
        url: registration.auth_token_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        timeoutMs: TOKEN_TIMEOUT_MS,
        maxResponseBytes: MAX_TOKEN_BYTES,
      },
      ctx.platformCalls,
    );
  } catch (error) {
    if (error instanceof PlatformCallError) throw new PlatformTokenError(`The platform's token endpoint could not be reached (${error.reason}).`, null);
    throw error;
  }
  if (response.status !== 200) {
    throw new PlatformTokenError(`The platform's token endpoint answered ${response.status}.`, response.status, retryAfterMs(response.headers['retry-after'], ctx.clock.now()));
  }
  let answer: { access_token?: unknown; expires_in?: unknown; token_type?: unknown };
  try {
    answer = JSON.parse(response.body) as typeof answer;
  } catch {
    throw new PlatformTokenError("The platform's token endpoint answered something other than JSON.", response.status);
  }
  if (typeof answer !== 'object' || answer === null || typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new PlatformTokenError("The platform's token endpoint answered no access_token.", response.status);
  }
  if (typeof answer.token_type === 'string' && answer.token_type.toLowerCase() !== 'bearer') {
    throw new PlatformTokenError(`The platform's token endpoint answered a ${answer.token_type} token, not a bearer token.`, response.status);
  }
  const lifetimeMs = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in * 1000 : DEFAULT_LIFETIME_MS;
  // A short-lived token is still used once; a long one is given up a minute early.
  const useUntil = askedAt + Math.max(lifetimeMs - EXPIRY_MARGIN_MS, lifetimeMs / 2);
  return { token: answer.access_token, useUntil };
}
