import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Environment } from '../../db/types.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, rateLimited } from '../../shared/errors.js';
import { pageReply, resourceReply } from '../../shared/reply.js';
import { publicBaseUrl } from '../../shared/public-url.js';
import { gracePeriodOf } from '../../shared/rotation.js';
import * as apiKeys from '../api-keys/api-keys.service.js';
import type { PendingKeyUsage } from '../api-keys/key-usage.js';
import { listCourses } from '../courses/courses.service.js';
import { listEvents } from '../events/events.service.js';
import { ListGradeSendsQuery } from '../lti/grade-sends.schemas.js';
import { listGradeSends } from '../lti/grade-sends.service.js';
import * as lti from '../lti/lti-registrations.service.js';
import { ListEventsQuery } from '../events/events.schemas.js';
import { AUTH_FAILURE_LIMIT } from '../rate-limits/budgets.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { createPlayerSession } from '../player/player-sessions.service.js';
import { ListRequestLogsQuery } from '../request-logs/request-logs.schemas.js';
import { listRequestLogEntries, type RequestLogFlusher } from '../request-logs/request-logs.service.js';
import { UsageQuery } from '../usage/usage.schemas.js';
import { getUsage, type UsageFlusher } from '../usage/usage.service.js';
import * as oauth from '../oauth/oauth.service.js';
import { AuthorizeRequestFields, ConsentBody, GrantIdParams } from '../oauth/oauth.schemas.js';
import * as management from '../users/user-management.service.js';
import * as users from '../users/users.service.js';
import { ListDeliveriesQuery } from '../webhooks/webhooks.schemas.js';
import * as webhooks from '../webhooks/webhooks.service.js';
import type { ImportsContext } from '../imports/imports.service.js';
import { consoleImportRoutes } from './console-imports.js';
import {
  assertCanManage,
  assertOwner,
  assertSameOrigin,
  clearSessionCookie,
  consoleBaseUrl,
  requireSession,
  SESSION_COOKIE,
  setSessionCookie,
} from './console-session.js';
import {
  BudgetsQuery,
  ChangeRoleBody,
  ConsoleCreateEndpointBody,
  ConsoleCreateKeyBody,
  ConsoleCreateLtiLinkBody,
  ConsoleCreateLtiRegistrationBody,
  ConsolePageQuery,
  ConsoleUpdateEndpointBody,
  ConsoleUpdateLtiRegistrationBody,
  EnvironmentIdParams,
  EnvironmentParams,
  InviteUserBody,
  LinkSignInBody,
  PasswordSignInBody,
  SetPasswordBody,
  UserIdParams,
} from './console.schemas.js';
import { consoleProfile, keyBudgets, managerOf } from './console.service.js';

export interface ConsoleOptions {
  ctx: ServiceContext;
  webhooksCtx: webhooks.WebhooksContext;
  /** The LTI registrations' context (the platform URL rules), as /api/v1/lti/* has it. */
  ltiCtx: lti.LtiContext;
  /** The imports' context (where uploads are spooled), as /api/v1/imports has it. */
  importsCtx: ImportsContext;
  keyUsage: PendingKeyUsage;
  usage: UsageFlusher;
  requestLog: RequestLogFlusher;
  limiter: RateLimiter | undefined;
  /** NODE_ENV=production: session cookies are Secure even over plain HTTP (a proxy terminates TLS). */
  production: boolean;
  /** PUBLIC_URL: the base of the sign-in links the console makes (else the request's own address). */
  publicUrl: string | undefined;
  /** Attempts a webhook delivery gets in all (the first and one per WEBHOOK_RETRY_SCHEDULE entry), for "attempt 2 of 13". */
  webhookMaxAttempts: number;
}

const hide = { hide: true } as const;

/**
 * The console's JSON API under /console/api: cookie sessions instead of keys, and the same service
 * functions as /api/v1 (one implementation of keys, webhooks, usage, request logs and budgets).
 * Not part of the public API or its document. Every state-changing request must come from the
 * console's own pages (same origin, and the session's CSRF token in X-CSRF-Token).
 */
export async function consoleApiRoutes(parent: FastifyInstance, options: ConsoleOptions) {
  const { ctx, webhooksCtx, keyUsage, limiter, production, webhookMaxAttempts } = options;
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(cookie);
  app.decorateRequest('consoleSession', null);

  app.addHook('onRequest', async (request) => {
    assertSameOrigin(request);
  });

  /**
   * Sign-in failures count against the address like failed API keys; past the limit, 429 until the
   * minute ends. A password from a blocked address is not even tried; a one-time link is (it is no
   * guess, and it always signs in), and only its failure meets the block.
   */
  const throttled = async <T>(request: FastifyRequest, kind: 'password' | 'link', attempt: () => Promise<T>): Promise<T> => {
    const address = `console-sign-in:${request.ip}`;
    const now = ctx.clock.now();
    const wait = kind === 'password' ? (limiter?.blockedFor(address, now) ?? 0) : 0;
    if (wait > 0) throw rateLimited(`Too many failed sign-ins; retry in ${Math.ceil(wait / 1000)} seconds`, Math.ceil(wait / 1000), { limit: 'auth_failures' });
    try {
      return await attempt();
    } catch (err) {
      // Only a refused credential counts (a 429 of the per-account throttle was no attempt).
      if (limiter && err instanceof AppError && err.code === 'invalid_credentials') {
        const failures = await limiter.recordFailure(address, now);
        if (failures.count > AUTH_FAILURE_LIMIT) {
          const seconds = Math.ceil((failures.resetAt - now) / 1000);
          throw rateLimited(`Too many failed sign-ins; retry in ${seconds} seconds`, seconds, { limit: 'auth_failures' });
        }
      }
      throw err;
    }
  };

  /** A new session replaces whatever session the browser had (never kept across sign-in: no fixation). */
  const signedIn = async (request: FastifyRequest, reply: Parameters<typeof setSessionCookie>[1], opened: { sessionId: string; session: users.Session }) => {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await users.signOut(ctx, previous);
    setSessionCookie(request, reply, opened.sessionId, production);
    return { data: { ...(await consoleProfile(ctx, opened.session, webhookMaxAttempts)), csrf_token: opened.session.csrfToken, expires_at: opened.session.expiresAt } };
  };

  app.post('/console/api/session/link', { schema: { ...hide, body: LinkSignInBody } }, async (request, reply) =>
    signedIn(request, reply, await throttled(request, 'link', () => users.signInWithLink(ctx, request.body.token))),
  );

  app.post('/console/api/session', { schema: { ...hide, body: PasswordSignInBody } }, async (request, reply) =>
    signedIn(request, reply, await throttled(request, 'password', () => users.signInWithPassword(ctx, request.body.email, request.body.password, request.ip))),
  );

  // Everything below needs a session.
  const session = async (request: FastifyRequest) => {
    request.consoleSession = await requireSession(ctx, request);
    return request.consoleSession;
  };

  app.get('/console/api/session', { schema: hide }, async (request) => {
    const current = await session(request);
    return { data: { ...(await consoleProfile(ctx, current, webhookMaxAttempts)), csrf_token: current.csrfToken, expires_at: current.expiresAt } };
  });

  app.delete('/console/api/session', { schema: hide }, async (request, reply) => {
    await session(request);
    await users.signOut(ctx, request.cookies[SESSION_COOKIE]!);
    clearSessionCookie(request, reply, production);
    return { data: { signed_out: true } };
  });

  app.post('/console/api/session/sign-out-everywhere', { schema: hide }, async (request, reply) => {
    const current = await session(request);
    const sessions = await users.signOutEverywhere(ctx, current.user.id);
    clearSessionCookie(request, reply, production);
    return { data: { signed_out: true, sessions } };
  });

  app.put('/console/api/password', { schema: { ...hide, body: SetPasswordBody } }, async (request) => {
    const current = await session(request);
    await users.setPassword(ctx, current, request.cookies[SESSION_COOKIE]!, {
      password: request.body.password,
      currentPassword: request.body.current_password,
      address: request.ip,
    });
    return { data: { password_set: true } };
  });

  // Users (owners only): the account's users, invitations by one-time link, roles, removal,
  // recovery links, ending a user's sessions. Links are built on PUBLIC_URL, else this request's address.
  const ownerAccount = async (request: FastifyRequest) => {
    const { user } = await session(request);
    assertOwner(user.role);
    return user.account_id;
  };
  const linkBase = (request: FastifyRequest) => consoleBaseUrl(request, options.publicUrl);
  app.get('/console/api/users', { schema: hide }, async (request) => ({
    data: await management.listConsoleUsers(ctx, await ownerAccount(request)),
  }));
  app.post('/console/api/users', { schema: { ...hide, body: InviteUserBody } }, async (request, reply) => {
    const invited = await management.inviteUser(ctx, await ownerAccount(request), request.body, linkBase(request));
    reply.code(201);
    return { data: invited };
  });
  app.patch('/console/api/users/:id', { schema: { ...hide, params: UserIdParams, body: ChangeRoleBody } }, async (request) => ({
    data: await management.changeRole(ctx, await ownerAccount(request), request.params.id, request.body.role),
  }));
  app.delete('/console/api/users/:id', { schema: { ...hide, params: UserIdParams } }, async (request) => ({
    data: await management.removeUser(ctx, await ownerAccount(request), request.params.id),
  }));
  app.post('/console/api/users/:id/sign-in-link', { schema: { ...hide, params: UserIdParams } }, async (request) => ({
    data: await management.issueSignInLink(ctx, await ownerAccount(request), request.params.id, linkBase(request)),
  }));
  app.delete('/console/api/users/:id/sessions', { schema: { ...hide, params: UserIdParams } }, async (request) => ({
    data: await management.endSessionsOf(ctx, await ownerAccount(request), request.params.id),
  }));

  const env = '/console/api/environments/:environment';
  // Every route below validates :environment against EnvironmentParams.
  const caller = async (request: FastifyRequest, manage = false) => {
    const current = await session(request);
    if (manage) assertCanManage(current.user.role);
    return managerOf(ctx, current.user, (request.params as { environment: Environment }).environment);
  };

  // API keys: the functions behind /api/v1/api-keys.
  app.get(`${env}/api-keys`, { schema: { ...hide, params: EnvironmentParams, querystring: ConsolePageQuery } }, async (request, reply) =>
    pageReply(request, reply, await apiKeys.listApiKeys(ctx, keyUsage, await caller(request), { ...request.query, per_page: request.query.per_page ?? 100 })),
  );
  app.post(`${env}/api-keys`, { schema: { ...hide, params: EnvironmentParams, body: ConsoleCreateKeyBody } }, async (request, reply) => {
    const manager = await caller(request, true);
    reply.code(201);
    return { data: await apiKeys.createApiKeyFor(ctx, manager, { ...request.body, environment: manager.environment }) };
  });
  app.post(`${env}/api-keys/:id/rotate`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await apiKeys.rotateApiKey(ctx, keyUsage, await caller(request, true), request.params.id, gracePeriodOf(request.body)),
  }));
  app.post(`${env}/api-keys/:id/revoke`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await apiKeys.revokeApiKey(ctx, keyUsage, await caller(request, true), request.params.id),
  }));
  app.get(`${env}/rate-limits`, { schema: { ...hide, params: EnvironmentParams, querystring: BudgetsQuery } }, async (request) => ({
    data: await keyBudgets(ctx, keyUsage, limiter, await caller(request), request.query.key_id),
  }));

  // Webhooks: the functions behind /api/v1/webhook-endpoints.
  app.get(`${env}/webhook-endpoints`, { schema: { ...hide, params: EnvironmentParams, querystring: ConsolePageQuery } }, async (request, reply) =>
    pageReply(request, reply, await webhooks.listEndpoints(ctx, (await caller(request)).workspaceId, { ...request.query, per_page: request.query.per_page ?? 100 })),
  );
  app.post(`${env}/webhook-endpoints`, { schema: { ...hide, params: EnvironmentParams, body: ConsoleCreateEndpointBody } }, async (request, reply) => {
    const { workspaceId } = await caller(request, true);
    reply.code(201);
    return { data: await webhooks.createEndpoint(webhooksCtx, workspaceId, request.body) };
  });
  app.patch(`${env}/webhook-endpoints/:id`, { schema: { ...hide, params: EnvironmentIdParams, body: ConsoleUpdateEndpointBody } }, async (request, reply) =>
    resourceReply(reply, await webhooks.updateEndpoint(webhooksCtx, (await caller(request, true)).workspaceId, request.params.id, request.body)),
  );
  app.delete(`${env}/webhook-endpoints/:id`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await webhooks.deleteEndpoint(ctx, (await caller(request, true)).workspaceId, request.params.id),
  }));
  app.post(`${env}/webhook-endpoints/:id/rotate-secret`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await webhooks.rotateSecret(ctx, (await caller(request, true)).workspaceId, request.params.id, gracePeriodOf(request.body)),
  }));
  app.post(`${env}/webhook-endpoints/:id/test`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await webhooks.testEndpoint(webhooksCtx, (await caller(request, true)).workspaceId, request.params.id),
  }));
  app.get(`${env}/webhook-endpoints/:id/deliveries`, { schema: { ...hide, params: EnvironmentIdParams, querystring: ListDeliveriesQuery } }, async (request, reply) =>
    pageReply(request, reply, await webhooks.listDeliveries(ctx, (await caller(request)).workspaceId, request.params.id, request.query)),
  );
  app.post(`${env}/webhook-deliveries/:id/retry`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await webhooks.retryDelivery(webhooksCtx, (await caller(request, true)).workspaceId, request.params.id),
  }));

  // Usage, alerts and the request log: the functions behind /api/v1/usage, /events and /request-logs.
  app.get(`${env}/usage`, { schema: { ...hide, params: EnvironmentParams, querystring: UsageQuery } }, async (request) => ({
    data: await getUsage(ctx, options.usage, (await caller(request)).workspaceId, request.query),
  }));
  app.get(`${env}/events`, { schema: { ...hide, params: EnvironmentParams, querystring: ListEventsQuery } }, async (request, reply) =>
    pageReply(request, reply, await listEvents(ctx, (await caller(request)).workspaceId, request.query)),
  );
  app.get(`${env}/request-logs`, { schema: { ...hide, params: EnvironmentParams, querystring: ListRequestLogsQuery } }, async (request, reply) =>
    pageReply(request, reply, await listRequestLogEntries(ctx, options.requestLog, (await caller(request)).workspaceId, request.query)),
  );

  // Courses and their Preview (every role: a preview reads and records nothing): the courses
  // service behind GET /api/v1/courses, and a preview session of the live player (docs/player.md).
  app.get(`${env}/courses`, { schema: { ...hide, params: EnvironmentParams, querystring: ConsolePageQuery } }, async (request, reply) =>
    pageReply(request, reply, await listCourses(ctx, (await caller(request)).workspaceId, { ...request.query, per_page: request.query.per_page ?? 100 })),
  );
  app.post(`${env}/courses/:id/preview`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => {
    const { workspaceId } = await caller(request);
    const preview = await createPlayerSession(ctx, { workspaceId, courseId: request.params.id, studentId: null, mode: 'preview', baseUrl: linkBase(request) });
    return { data: { url: preview.url, expires_at: preview.expiresAt } };
  });

  // ── LTI (console/src/pages/lti.tsx, docs/console.md "LTI") ──────────────────────────────────
  // Registrations, one-time Dynamic Registration links and grade sends: the functions behind /api/v1/lti/*.
  // Every role reads; owners and developers manage. The tool's own URLs, to paste into an LMS, on
  // PUBLIC_URL else this request's address (as the registration links are).
  app.get('/console/api/lti/tool-urls', { schema: hide }, async (request) => {
    await session(request);
    const base = publicBaseUrl(request, options.publicUrl);
    return { data: { login_url: `${base}/lti/login`, launch_url: `${base}/lti/launch`, jwks_url: `${base}/lti/jwks`, deep_linking_url: `${base}/lti/launch` } };
  });
  app.get(`${env}/lti/registrations`, { schema: { ...hide, params: EnvironmentParams, querystring: ConsolePageQuery } }, async (request, reply) =>
    pageReply(request, reply, await lti.listRegistrations(ctx, (await caller(request)).workspaceId, { ...request.query, per_page: request.query.per_page ?? 100 })),
  );
  app.post(`${env}/lti/registrations`, { schema: { ...hide, params: EnvironmentParams, body: ConsoleCreateLtiRegistrationBody } }, async (request, reply) => {
    const { workspaceId } = await caller(request, true);
    reply.code(201);
    return { data: await lti.createRegistration(options.ltiCtx, workspaceId, request.body) };
  });
  app.patch(`${env}/lti/registrations/:id`, { schema: { ...hide, params: EnvironmentIdParams, body: ConsoleUpdateLtiRegistrationBody } }, async (request, reply) =>
    resourceReply(reply, await lti.updateRegistration(options.ltiCtx, (await caller(request, true)).workspaceId, request.params.id, request.body)),
  );
  app.delete(`${env}/lti/registrations/:id`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await lti.deleteRegistration(ctx, (await caller(request, true)).workspaceId, request.params.id),
  }));
  app.post(`${env}/lti/registration-links`, { schema: { ...hide, params: EnvironmentParams, body: ConsoleCreateLtiLinkBody } }, async (request, reply) => {
    const { workspaceId } = await caller(request, true);
    reply.code(201);
    return { data: await lti.createRegistrationLink(ctx, workspaceId, request.body ?? {}, publicBaseUrl(request, options.publicUrl)) };
  });
  app.get(`${env}/lti/registrations/:id/grade-sends`, { schema: { ...hide, params: EnvironmentIdParams, querystring: ListGradeSendsQuery } }, async (request, reply) =>
    pageReply(request, reply, await listGradeSends(ctx, (await caller(request)).workspaceId, request.params.id, request.query)),
  );
  // ── end of LTI ───────────────────────────────────────────────────────────────────────────────

  // ── OAuth (docs/mcp.md, "OAuth sign-in"): the consent page's API and the Connected apps ──────
  // What the consent page shows: the client, the scopes asked for and those the user's role may grant.
  app.get('/console/api/oauth/authorize', { schema: { ...hide, querystring: AuthorizeRequestFields } }, async (request) => {
    const current = await session(request);
    const checked = await oauth.checkAuthorizeRequest(ctx, request.query, consoleBaseUrl(request, options.publicUrl)).catch((err: unknown) => {
      if (err instanceof oauth.AuthorizePageError) throw new AppError('validation_error', err.message);
      throw err;
    });
    if (!checked.ok) return { data: { redirect_to: checked.redirect } };
    return { data: { client: checked.client, requested_scopes: checked.requested_scopes, grantable_scopes: oauth.grantableScopes(current.user.role) } };
  });
  // Approve or Deny: answers where the browser goes next (the client's redirect URI with a code or an error).
  app.post('/console/api/oauth/authorize', { schema: { ...hide, body: ConsentBody } }, async (request) => {
    const current = await session(request);
    const { request: params, ...decision } = request.body;
    return { data: { redirect_to: await oauth.decide(ctx, current.user, params, consoleBaseUrl(request, options.publicUrl), decision) } };
  });
  app.get(`${env}/oauth-grants`, { schema: { ...hide, params: EnvironmentParams } }, async (request) => ({
    data: await oauth.listGrants(ctx, (await caller(request)).workspaceId),
  }));
  app.post(`${env}/oauth-grants/:id/revoke`, { schema: { ...hide, params: GrantIdParams } }, async (request) => {
    await oauth.revokeGrant(ctx, (await caller(request, true)).workspaceId, request.params.id);
    return { data: { id: request.params.id, revoked: true } };
  });
  // ── end of OAuth ─────────────────────────────────────────────────────────────────────────────

  // Imports (console/src/pages/imports.tsx, docs/console.md "Imports"): the functions behind /api/v1/imports.
  await app.register(consoleImportRoutes, { ctx: options.importsCtx, caller });
}
