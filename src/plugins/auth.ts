import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Plan } from '../db/types.js';
import type { AuthContext } from '../modules/api-keys/auth-context.js';
import type { KeyAuthRow } from '../modules/api-keys/api-keys.repository.js';
import { lookupKey } from '../modules/api-keys/key-lookup.js';
import type { KeyUsageRecorder } from '../modules/api-keys/key-usage.js';
import { hashKey, keyPattern } from '../modules/api-keys/key-format.js';
import { hasScope, type Scope } from '../modules/api-keys/scopes.js';
import { hasStoredAnswer } from '../modules/idempotency/idempotency.service.js';
import { AUTH_FAILURE_LIMIT } from '../modules/rate-limits/budgets.js';
import { type EndpointGroup, limitsOf } from '../modules/rate-limits/policies.js';
import { addressBlocked, limitExceeded, setAddressHeaders, setBudgetHeaders } from '../modules/rate-limits/rate-limit-headers.js';
import type { RateLimiter } from '../modules/rate-limits/rate-limiter.js';
import { toIso } from '../shared/clock.js';
import type { ServiceContext } from '../shared/context.js';
import { AppError } from '../shared/errors.js';
import { clientAddress, httpsDetector } from './transport.js';

export type { AuthContext } from '../modules/api-keys/auth-context.js';

/**
 * The key that a refused request's secret belongs to (revoked, expired, a rotated-out secret past
 * its grace, a plan without API access): the request reached that key's workspace, whose usage and
 * request log count it although it was not admitted.
 */
export interface RefusedKey {
  keyId: string;
  workspaceId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
    /** Set only when a secret matched a key that is refused; null otherwise. */
    refusedKey: RefusedKey | null;
  }
  interface FastifyInstance {
    /** The auth plugin's steps for doors outside /api/v1 that take the same keys (POST /mcp). */
    keyAuth: KeyAuth;
  }
  interface FastifyContextConfig {
    /** Scope the key needs for this route. Every /api/v1 route names one unless it is public or keyOnly. */
    scope?: Scope;
    /** Any valid key may call it, whatever its scopes (GET /rate-limits). */
    keyOnly?: boolean;
    /** No key needed (the OpenAPI document). */
    public?: boolean;
    /** The endpoint window the route also spends from, or `free`: it spends nothing (GET /rate-limits). */
    rateLimit?: EndpointGroup | 'free';
    /**
     * The endpoint window is not spent by a request whose Idempotency-Key has a stored answer (a
     * replay): POST /imports, whose window counts imports made, not retries.
     */
    windowSparesReplays?: boolean;
  }
}

export interface AuthOptions {
  ctx: ServiceContext;
  /** Where accepted keys' last use is recorded (in memory; written in batches). */
  keyUsage: KeyUsageRecorder;
  /** Refuse plain-HTTP API requests (NODE_ENV=production). */
  requireHttps: boolean;
  /** TRUST_PROXY: whose X-Forwarded-Proto to believe. */
  trustProxy: boolean | number | string;
  /** Rate limits per key and failed-authentication throttling; undefined turns both off (RATE_LIMITS=off). */
  limiter: RateLimiter | undefined;
}

export const API_PREFIX = '/api/v1';

/**
 * The auth plugin's steps, for another door into the same principal (POST /mcp): authenticate a
 * request's key as /api/v1 does, refuse it as /api/v1 does (the failed-authentication throttle),
 * admit it (request.auth set, so usage and the request log count it; `cost` 0 spends nothing) and
 * spend one request of a key's limits outside any request (an MCP tool call).
 */
export interface KeyAuth {
  authenticate(request: FastifyRequest): Promise<AuthContext>;
  refusal(request: FastifyRequest, reply: FastifyReply, err: unknown): Promise<unknown>;
  admit(request: FastifyRequest, reply: FastifyReply, auth: AuthContext, cost: 0 | 1): Promise<void>;
  spend(auth: AuthContext, group?: EndpointGroup): Promise<void>;
}

/**
 * Authenticates a key given by its secret (stdio's LECTERN_API_KEY) as a request's key is: the
 * same lookup, expiry, revocation and plan checks.
 */
export async function authenticateKey(ctx: ServiceContext, secret: string): Promise<AuthContext> {
  if (!keyPattern.test(secret)) throw invalidKey();
  return identify(ctx, await lookupKey(ctx.db, hashKey(secret)));
}

/** Spends one request of the key's limits, and of an endpoint window when given; the 429 error when they are exhausted. */
export async function spendRequest(ctx: ServiceContext, limiter: RateLimiter | undefined, auth: AuthContext, group?: EndpointGroup): Promise<void> {
  if (!limiter) return;
  const decision = await limiter.check({ keyId: auth.keyId, limits: auth.limits, group, now: ctx.clock.now(), cost: 1 });
  if (!decision.allowed) throw limitExceeded(decision, auth.limits);
}

/**
 * Authenticates and admits every /api/v1 route in onRequest, before the body is read: HTTPS check,
 * key extraction and lookup by hash (a key that does not authenticate meets the address's
 * failed-authentication throttle), plan eligibility, the key's rate limits (headers on every
 * answer), then the route's scope.
 */
export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorateRequest('refusedKey', null);
    const servedOverHttps = httpsDetector(options.trustProxy);
    const { ctx, limiter } = options;

    /** Who the request's key is, or the error that refuses it (scopes are checked after the limits). */
    const authenticate = async (request: FastifyRequest): Promise<AuthContext> => {
      if (options.requireHttps && !servedOverHttps(request)) {
        throw new AppError('https_required', 'The API is served over HTTPS only');
      }
      const row = await lookupKey(ctx.db, credentialHash(request));
      try {
        return identify(ctx, row);
      } catch (err) {
        // A secret of a known key: its workspace's usage and request log count the refusal.
        if (row) request.refusedKey = { keyId: row.key_id, workspaceId: row.workspace_id };
        throw err;
      }
    };

    /**
     * Admits a valid key's request as every route does from here on: spends from its limits (the
     * route's endpoint window, if any, and `cost` requests of the quota and burst), with the limit
     * headers on the answer, 429 when refused.
     */
    const admit = async (request: FastifyRequest, reply: FastifyReply, auth: AuthContext, group: EndpointGroup | undefined, cost: 0 | 1): Promise<number> => {
      // Known from here on, also when the limits or the scope refuse it: usage and the request log count it for its key.
      request.auth = auth;
      const now = ctx.clock.now();
      if (limiter) {
        const decision = await limiter.check({ keyId: auth.keyId, limits: auth.limits, group, now, cost });
        setBudgetHeaders(reply, decision, auth.limits, group, now);
        if (!decision.allowed) throw limitExceeded(decision, auth.limits);
      }
      return now;
    };

    /**
     * A 401 counts against the address; past the limit it answers 429 instead. Only failures are
     * throttled: a valid key from the same address (a school behind NAT) never comes here.
     */
    const refusal = async (request: FastifyRequest, reply: FastifyReply, err: unknown): Promise<unknown> => {
      if (!limiter || !(err instanceof AppError) || err.status !== 401) return err;
      const now = ctx.clock.now();
      if (limiter.blocking) {
        // Known here to be blocked: refused without counting (nor asking Redis) again.
        const wait = limiter.blockedFor(clientAddress(request), now);
        if (wait > 0) {
          setAddressHeaders(reply, { count: AUTH_FAILURE_LIMIT, resetAt: now + wait }, now);
          return addressBlocked(wait);
        }
      }
      const failures = await limiter.recordFailure(clientAddress(request), now);
      setAddressHeaders(reply, failures, now);
      return failures.count > AUTH_FAILURE_LIMIT ? addressBlocked(failures.resetAt - now) : err;
    };

    app.decorate('keyAuth', {
      authenticate,
      refusal,
      admit: async (request, reply, auth, cost) => {
        options.keyUsage.touch(auth.keyId, await admit(request, reply, auth, undefined, cost));
      },
      spend: (auth, group) => spendRequest(ctx, limiter, auth, group),
    } satisfies KeyAuth);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX) || route.config?.public) return;
      const scope = route.config?.scope;
      const keyOnly = route.config?.keyOnly === true;
      if (!scope && !keyOnly) throw new Error(`Route ${String(route.method)} ${route.url} declares no scope`);
      const group = route.config?.rateLimit === 'free' ? undefined : route.config?.rateLimit;
      const cost = route.config?.rateLimit === 'free' ? 0 : 1;
      const hooks = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];

      const check = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        let auth: AuthContext;
        try {
          auth = await authenticate(request);
        } catch (err) {
          throw await refusal(request, reply, err);
        }
        const now = await admit(request, reply, auth, group && (await sparedReplay(request, auth)) ? undefined : group, cost);
        // Last: the route's scope. A refused scope has spent from the limits, as GitHub counts it.
        if (scope && !hasScope(auth.scopes, scope)) {
          throw new AppError('insufficient_permissions', `This API key lacks the ${scope} scope`, { required_scope: scope });
        }
        options.keyUsage.touch(auth.keyId, now);
      };
      route.onRequest = [check, ...hooks];
    });

    /** A replay of a route whose window spares replays: it spends from the quota only. */
    const sparedReplay = async (request: FastifyRequest, auth: AuthContext): Promise<boolean> => {
      if (!request.routeOptions.config.windowSparesReplays) return false;
      const key = request.headers['idempotency-key'];
      return typeof key === 'string' && key !== '' && (await hasStoredAnswer(ctx, auth.workspaceId, key));
    };

    /**
     * A request under /api/v1 that matches no route (the errors plugin's 404, or 405 for a known
     * path with another method) is answered whatever its credentials, as before; but one that
     * carries a key of a workspace belongs to that workspace: a valid key is admitted like on any
     * route (it spends one request of its limits and may answer 429), a refused one is noted
     * (refusedKey), and usage and the request log count the answer. Missing, malformed or unknown
     * keys change nothing here and meet no failure throttle: the answer stays the 404 (or 405).
     * Matched routes return at the first test.
     */
    const admitUnmatched = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (request.headers.authorization === undefined && request.headers['x-api-key'] === undefined) return;
      let auth: AuthContext;
      try {
        auth = await authenticate(request);
      } catch (err) {
        // A refused key stays refused quietly; a database that is away answers 503 as everywhere.
        if (err instanceof AppError) return;
        throw err;
      }
      const now = await admit(request, reply, auth, undefined, 1);
      options.keyUsage.touch(auth.keyId, now);
    };
    // A callback hook: matched routes make no promise here.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.is404 || !request.url.startsWith(API_PREFIX)) return done();
      admitUnmatched(request, reply).then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** Turns the key row into the request's auth context, or the error that refuses it (scopes are checked after the limits). */
function identify(ctx: ServiceContext, row: KeyAuthRow | undefined): AuthContext {
  if (!row || row.revoked_at !== null) throw invalidKey();
  if (row.key_expires_at !== null || row.secret_expires_at !== null) {
    const now = toIso(ctx.clock.now());
    if ((row.key_expires_at !== null && row.key_expires_at <= now) || (row.secret_expires_at !== null && row.secret_expires_at <= now)) {
      throw invalidKey();
    }
  }
  if (row.plan === 'starter') {
    throw new AppError('plan_not_eligible', 'API access needs the Professional, Enterprise or Custom plan', { plan: row.plan });
  }
  return contextOf(row);
}

const contexts = new WeakMap<KeyAuthRow, AuthContext>();

/**
 * A cached key row (key-lookup.ts) is the same object request after request: its context is built
 * once and shared by those requests, which only read it. Its limits object is therefore stable too,
 * which the RateLimit-Policy cache relies on.
 */
function contextOf(row: KeyAuthRow): AuthContext {
  let auth = contexts.get(row);
  if (!auth) {
    auth = Object.freeze({
      keyId: row.key_id,
      accountId: row.account_id,
      workspaceId: row.workspace_id,
      environment: row.environment,
      scopes: scopeSet(row.scopes),
      plan: row.plan,
      limits: limitsOf(row.plan as Exclude<Plan, 'starter'>, row),
    });
    contexts.set(row, auth);
  }
  return auth;
}

const scopeSets = new Map<string, ReadonlySet<string>>();

/** Keys share a handful of distinct scope lists; parse each once. */
function scopeSet(json: string): ReadonlySet<string> {
  let set = scopeSets.get(json);
  if (!set) {
    set = new Set(JSON.parse(json) as string[]);
    if (scopeSets.size < 1000) scopeSets.set(json, set);
  }
  return set;
}

/** The hash of the request's API key, or the error that refuses its credentials. */
function credentialHash(request: FastifyRequest): string {
  const repeated = repeatedCredentials(request.raw.rawHeaders);
  if (repeated !== undefined) {
    if (repeated.some((key) => key !== repeated[0])) {
      throw new AppError('conflicting_credentials', 'The request carries more than one API key (Authorization, X-API-Key); send one');
    }
    if (!keyPattern.test(repeated[0]!)) throw invalidKey();
    return hashKey(repeated[0]!);
  }
  const key = credentialOf(request);
  if (!keyPattern.test(key)) throw invalidKey();
  return hashKey(key);
}

/**
 * The keys of a request that sends more than one credential header (two Authorization headers,
 * or X-API-Key beside one), as sent; undefined for the usual single header. Node keeps only the
 * first Authorization header and joins repeated X-API-Key values with ", ", so the raw headers
 * are read: a loop over a dozen names, comparing lengths before anything else.
 */
function repeatedCredentials(raw: string[] | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const length = raw[i]!.length;
    if ((length === 13 || length === 9) && isCredentialHeader(raw[i]!)) count++;
  }
  if (count < 2) return undefined;
  const keys: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!isCredentialHeader(raw[i]!)) continue;
    const value = raw[i + 1]!.trim();
    keys.push(raw[i]!.length === 13 ? (/^Bearer\s+(\S+)$/i.exec(value)?.[1] ?? value) : value);
  }
  return keys;
}

function isCredentialHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === 'authorization' || lower === 'x-api-key';
}

function credentialOf(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  const apiKeyHeader = request.headers['x-api-key'];
  let bearer: string | undefined;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new AppError('invalid_api_key', 'Authorization must be "Bearer <API key>"');
    bearer = match[1];
  }
  const headerKey = Array.isArray(apiKeyHeader) ? apiKeyHeader[0] : apiKeyHeader;
  if (bearer !== undefined && headerKey !== undefined && bearer !== headerKey) {
    throw new AppError('conflicting_credentials', 'Authorization and X-API-Key carry different keys; send one');
  }
  const key = bearer ?? headerKey;
  if (key === undefined || key === '') {
    throw new AppError('missing_api_key', 'Send an API key as "Authorization: Bearer <key>" or "X-API-Key: <key>"');
  }
  return key;
}

function invalidKey(): AppError {
  return new AppError('invalid_api_key', 'The API key is invalid, expired or revoked');
}
