import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type ClaimedJob, finishJob, rescheduleJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import { toIso } from '../../shared/clock.js';
import * as repo from './grade-sends.repository.js';
import { AGS_SCORE_SCOPE } from './grade-sends.service.js';
import { findRegistration } from './lti-registrations.repository.js';
import { callPlatform, PlatformCallError } from './platform-http.js';
import { platformAccessToken, type PlatformTokenContext, PlatformTokenError, retryAfterMs, TOKEN_TIMEOUT_MS } from './platform-token.js';

export const SCORE_CONTENT_TYPE = 'application/vnd.ims.lis.v1.score+json';

export interface GradeSendSettings {
  /** Waits before each retry, in ms (the webhooks' schedule): a send gets 1 + this many attempts. */
  retrySchedule: number[];
  /** Each call (token, score). */
  timeoutMs: number;
  /** How long past the calls' timeouts an attempt's lease lasts: room to record its outcome. */
  leaseGraceMs: number;
  /** Sends under way at once in this process. */
  concurrency: number;
}

/** How one attempt went: `status` null when no answer came back. */
interface Outcome {
  status: number | null;
  error: string | null;
  retryAfterMs: number | null;
}

/** Retry waits vary by up to ±10% (as the webhooks'), so the sends of one outage do not all return at once. */
const JITTER = 0.1;
/** A Retry-After longer than this is taken as this. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The score URL of a line item: `/scores` added to its path, its query string kept (AGS 2.0 §3.4:
 * Canvas and Moodle put parameters in line item URLs).
 */
export function scoresUrl(lineitemUrl: string): string {
  const cut = lineitemUrl.search(/[?#]/);
  const path = cut === -1 ? lineitemUrl : lineitemUrl.slice(0, cut);
  const rest = cut === -1 ? '' : lineitemUrl.slice(cut).replace(/#.*$/, '');
  return `${path.replace(/\/+$/, '')}/scores${rest}`;
}

/** 2xx: accepted; null (no answer), 5xx and 429: retried; any other status: failed for good. */
const retryable = (status: number | null): boolean => status === null || status >= 500 || status === 429;
const succeeded = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

/**
 * The job of kind `lti_grade_send`: posts one score to its line item with a bearer token of the
 * score scope, and records how it went. Retried on the webhooks' schedule (a Retry-After, when the
 * platform gives one, instead); the sends of one line item and user go one at a time, oldest first.
 */
export function gradeSender(ctx: PlatformTokenContext, settings: GradeSendSettings, log: FastifyBaseLogger): JobHandler {
  // Up to four calls (a token and the score, twice after a 401) and their timeouts, with room to record the outcome.
  const leaseMs = 4 * Math.max(settings.timeoutMs, TOKEN_TIMEOUT_MS) + settings.leaseGraceMs;

  async function attempt(job: ClaimedJob): Promise<void> {
    const send = await repo.findGradeSendForJob(ctx.db, job.subjectId);
    const registration = send && (await findRegistration(ctx.db, send.workspace_id, send.registration_id));
    if (!send || send.status !== 'pending' || !registration) {
      // Superseded by a newer score, or gone with its launch or registration: nothing to send.
      await finishJob(ctx.db, job);
      return;
    }
    const body = JSON.stringify({
      userId: send.user_id,
      scoreGiven: Number(send.score_given),
      scoreMaximum: Number(send.score_maximum),
      activityProgress: send.activity_progress,
      gradingProgress: send.grading_progress,
      timestamp: send.timestamp,
    });
    let outcome = await post(registration, send.lineitem_url, body);
    if (outcome.status === 401) {
      // A token the platform no longer takes (revoked, or expired early): once more with a new one.
      ctx.tokens.forget(registration.id);
      outcome = await post(registration, send.lineitem_url, body);
    }
    await ctx.db.transaction().execute((trx) => settle(trx, job, send.id, outcome));
  }

  async function post(registration: { id: string; client_id: string; auth_token_url: string }, lineitemUrl: string, body: string): Promise<Outcome> {
    let token: string;
    try {
      token = await platformAccessToken(ctx, registration, [AGS_SCORE_SCOPE]);
    } catch (err) {
      if (err instanceof PlatformTokenError) return { status: err.status, error: err.message, retryAfterMs: err.retryAfterMs };
      throw err;
    }
    try {
      const response = await callPlatform(
        {
          method: 'POST',
          url: scoresUrl(lineitemUrl),
          headers: { authorization: `Bearer ${token}`, 'content-type': SCORE_CONTENT_TYPE },
          body,
          timeoutMs: settings.timeoutMs,
          maxResponseBytes: 64 * 1024,
        },
        ctx.platformCalls,
      );
      const ok = succeeded(response.status);
      return { status: response.status, error: ok ? null : `HTTP ${response.status}`, retryAfterMs: retryAfterMs(response.headers['retry-after'], ctx.clock.now()) };
    } catch (err) {
      if (err instanceof PlatformCallError) return { status: null, error: err.reason, retryAfterMs: null };
      throw err;
    }
  }

  /** The wait before the next attempt; undefined when there is none (the schedule has run out). */
  function retryWait(attemptNumber: number, outcome: Outcome): number | undefined {
    const scheduled = settings.retrySchedule[attemptNumber - 1];
    if (scheduled === undefined) return undefined;
    if (outcome.retryAfterMs !== null) return Math.min(outcome.retryAfterMs, MAX_RETRY_AFTER_MS);
    return Math.round(scheduled * (1 - JITTER + Math.random() * 2 * JITTER));
  }

  /**
   * Records the attempt, in one transaction, if this worker still holds the job (as the webhooks'
   * deliveries do: a worker that outlived its lease records nothing). A send superseded while it
   * was under way stays superseded unless it got through; it is never retried.
   */
  async function settle(trx: Kysely<DB>, job: ClaimedJob, sendId: string, outcome: Outcome): Promise<void> {
    const now = ctx.clock.now();
    const nowText = toIso(now);
    const current = await repo.lockGradeSendForJob(trx, sendId);
    if (!current) {
      await finishJob(trx, job);
      return;
    }
    const attemptNumber = current.attempt_count + 1;
    const ok = succeeded(outcome.status);
    const wait = !ok && current.status === 'pending' && retryable(outcome.status) ? retryWait(attemptNumber, outcome) : undefined;
    const held = wait === undefined ? await finishJob(trx, job) : await rescheduleJob(trx, job, now + wait);
    if (!held) {
      log.warn({ gradeSendId: sendId, jobId: job.id, statusCode: outcome.status, error: outcome.error }, 'grade send attempt not recorded: its job lease had ended');
      return;
    }
    const status = ok ? 'succeeded' : current.status !== 'pending' ? current.status : wait === undefined ? 'failed' : 'pending';
    await repo.updateGradeSend(trx, sendId, {
      status,
      attempt_count: attemptNumber,
      next_attempt_at: wait === undefined ? null : toIso(now + wait),
      last_status_code: outcome.status,
      last_error: outcome.error,
      updated_at: nowText,
    });
    if (!ok) log.warn({ gradeSendId: sendId, statusCode: outcome.status, error: outcome.error, retry: wait !== undefined }, 'LTI grade send failed');
  }

  return {
    kind: 'lti_grade_send',
    concurrency: settings.concurrency,
    leaseMs,
    // One line item and user at a time: a newer score is never overtaken by an older one.
    groups: { of: repo.lineOfJob, cap: 1 },
    run: attempt,
  };
}
