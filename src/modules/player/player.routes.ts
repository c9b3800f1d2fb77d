import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_FAILURE_LIMIT } from '../rate-limits/budgets.js';
import type { KeyLimits } from '../rate-limits/policies.js';
import { addressBlocked, limitExceeded } from '../rate-limits/rate-limit-headers.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { asset } from '../exports/player-assets.js';
import { LIVE_PLAYER_CSP, livePlayerPage } from '../exports/player-page.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { type PlayerSession, playerSessionOf, PLAYER_PATH } from './player-sessions.service.js';
import {
  PlayerAttemptBody,
  PlayerAttemptResponse,
  PlayerCourseResponse,
  PlayerLessonParams,
  PlayerLessonResponse,
  PlayerProgressBody,
  PlayerProgressResponse,
} from './player.schemas.js';
import * as service from './player.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The player session of a /play/api request. */
    playerSession: PlayerSession | null;
  }
}

/**
 * What one player session may spend, through the API keys' limiter: a burst of 120 requests a
 * minute and 3,000 an hour (a lesson costs two: reading it and marking it), far above a learner's
 * pace and far below a script's. Export, bulk and search windows do not apply.
 */
export const PLAYER_LIMITS: KeyLimits = { hourly: 3_000, burst: 120, export: 0, bulk: 0, search: 0, imports: 0 };

const hide = { hide: true } as const;
const ASSETS = `${PLAYER_PATH}assets/`;

/**
 * The live learner player: its page (`/play/`), its script and style (the packages' own), and
 * its JSON API (`/play/api/…`), authorised by the session's bearer token alone: no API key, no
 * cookie. Not part of the public API nor its document.
 */
export async function playerRoutes(parent: FastifyInstance, options: { ctx: ServiceContext; limiter: RateLimiter | undefined }) {
  const { ctx, limiter } = options;
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.decorateRequest('playerSession', null);
  const page = livePlayerPage(ASSETS);

  app.get('/play', { schema: hide }, async (_request, reply) => reply.redirect(PLAYER_PATH));
  app.get(PLAYER_PATH, { schema: hide }, async (_request, reply) =>
    reply
      .header('content-security-policy', LIVE_PLAYER_CSP)
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page),
  );
  for (const [name, type] of [
    ['player.js', 'text/javascript; charset=utf-8'],
    ['player.css', 'text/css; charset=utf-8'],
  ] as const) {
    app.get(`${ASSETS}${name}`, { schema: hide }, async (_request, reply) =>
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-cache').type(type).send(asset(name, name).content),
    );
  }

  /**
   * The session of the bearer token (401 when it is missing, unknown or expired; such failures
   * count against the address as failed API keys do), then one request of its limits (429 past them).
   */
  const authorise = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('cache-control', 'no-store');
    const now = ctx.clock.now();
    const address = `player:${request.ip}`;
    const wait = limiter?.blockedFor(address, now) ?? 0;
    if (wait > 0) throw addressBlocked(wait);
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const session = token === undefined ? undefined : await playerSessionOf(ctx, token);
    if (!session) {
      if (limiter) {
        const failures = await limiter.recordFailure(address, now);
        if (failures.count > AUTH_FAILURE_LIMIT) throw addressBlocked(failures.resetAt - now);
      }
      throw new AppError(
        'invalid_credentials',
        token === undefined ? 'Send the player session as "Authorization: Bearer <token>"' : 'The player session is unknown or has ended: open the course again',
      );
    }
    if (limiter) {
      const decision = await limiter.check({ keyId: `player:${session.id}`, limits: PLAYER_LIMITS, group: undefined, now, cost: 1 });
      if (!decision.allowed) throw limitExceeded(decision, PLAYER_LIMITS);
    }
    request.playerSession = session;
  };

  await app.register(async (api) => {
    const typed = api.withTypeProvider<TypeBoxTypeProvider>();
    typed.addHook('onRequest', authorise);
    const sessionOf = (request: FastifyRequest) => request.playerSession!;

    typed.get('/play/api/course', { schema: { ...hide, response: { 200: PlayerCourseResponse } } }, async (request) => ({
      data: await service.playerCourse(ctx, sessionOf(request)),
    }));
    typed.get('/play/api/lessons/:id', { schema: { ...hide, params: PlayerLessonParams, response: { 200: PlayerLessonResponse } } }, async (request) => ({
      data: await service.playerLesson(ctx, sessionOf(request), request.params.id),
    }));
    typed.post('/play/api/progress', { schema: { ...hide, body: PlayerProgressBody, response: { 200: PlayerProgressResponse } } }, async (request) => ({
      data: await service.playerProgress(ctx, sessionOf(request), request.body),
    }));
    typed.post('/play/api/quiz-attempts', { schema: { ...hide, body: PlayerAttemptBody, response: { 200: PlayerAttemptResponse } } }, async (request) => ({
      data: await service.playerAttempt(ctx, sessionOf(request), request.body),
    }));
  });
}
