import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import type { DB, EventsTable, WebhookEndpointsTable } from '../../db/types.js';
import { type ClaimedJob, claimJobOf, finishJob, isJobLeased, rescheduleJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { findEventForJob } from '../events/events.repository.js';
import { recordEvent } from '../events/record-events.js';
import { signedHeaders } from './signing.js';
import type { Lookup, UrlPolicy } from './url-safety.js';
import { type SendResult, sendWebhook } from './webhook-sender.js';
import * as webhooks from './webhooks.repository.js';
import { type DeliveryAttempts, endpointOfStored, toEndpoint } from './webhooks.service.js';

export interface WebhookDeliverySettings {
  /** Waits before each retry, in ms: a delivery gets 1 + this many attempts. */
  retrySchedule: number[];
  timeoutMs: number;
  /** How long past the timeout an attempt's lease lasts: room to record its outcome (WEBHOOK_LEASE_GRACE_MS). */
  leaseGraceMs: number;
  /** An endpoint whose attempts have all failed for this long is disabled. */
  disableAfterMs: number;
  policy: UrlPolicy;
  /** Resolves receiver host names; tests inject one. */
  lookup?: Lookup | undefined;
  /** Deliveries sent at once per process. */
  concurrency: number;
  /** Deliveries to one endpoint under way at once, counted from the job leases of every process. */
  endpointConcurrency: number;
}

/** What this process's attempts came to, for /metrics. */
export interface DeliveryStats {
  succeeded: number;
  failed: number;
}

/** The job handler, and (attemptNow) the test and retry endpoints' attempt: claims the delivery's job if it is due and attempts it now. */
export interface WebhookDeliverer extends DeliveryAttempts {
  handler: JobHandler;
  stats: DeliveryStats;
}

const MAX_RESPONSE_BYTES = 64 * 1024;
/** Retry waits vary by up to ±10%, so the deliveries of one outage do not all return at once. */
const JITTER = 0.1;
/**
 * After this many timeouts in a row from one endpoint, its retries wait at least the timeout,
 * doubled with every further timeout, up to SLOWED_WAIT_MAX_MS: an endpoint that hangs holds its
 * delivery slots for the whole timeout each time, so it is tried less often, never fewer times.
 */
const SLOW_AFTER_TIMEOUTS = 3;
const SLOWED_WAIT_MAX_MS = 60 * 60 * 1000;

export function webhookDeliverer(ctx: ServiceContext, settings: WebhookDeliverySettings, log: FastifyBaseLogger): WebhookDeliverer {
  // The lease outlasts the attempt's timeout with room to record it, so a live worker never loses it.
  const leaseMs = settings.timeoutMs + settings.leaseGraceMs;
  const stats: DeliveryStats = { succeeded: 0, failed: 0 };
  /** Endpoints whose latest attempts from this process all timed out, and how many in a row. */
  const timeoutsInARow = new Map<string, number>();

  async function attempt(job: ClaimedJob, manual: boolean): Promise<void> {
    const delivery = await webhooks.findDeliveryForJob(ctx.db, job.subjectId);
    const endpoint = delivery && (await webhooks.findEndpointForJob(ctx.db, delivery.endpoint_id));
    const event = delivery && (await findEventForJob(ctx.db, delivery.event_id));
    if (!delivery || !endpoint || !event) {
      // Deleted with its endpoint or past retention: nothing left to send.
      await finishJob(ctx.db, job);
      return;
    }
    if (endpoint.enabled !== 1 && !manual) {
      await ctx.db.transaction().execute(async (trx) => {
        if (await finishJob(trx, job)) await webhooks.updateDelivery(trx, delivery.id, { status: 'failed', next_attempt_at: null, updated_at: toIso(ctx.clock.now()) });
      });
      return;
    }
    const result = await send(endpoint, event);
    const timeouts = countTimeouts(endpoint.id, result);
    await ctx.db.transaction().execute((trx) => settle(trx, job, delivery.id, endpoint, result, timeouts));
  }

  /** Counts the endpoint's timeouts in a row with this result: any other outcome ends the run. */
  function countTimeouts(endpointId: string, result: SendResult): number {
    if (result.error !== 'timeout') {
      timeoutsInARow.delete(endpointId);
      return 0;
    }
    const timeouts = (timeoutsInARow.get(endpointId) ?? 0) + 1;
    timeoutsInARow.set(endpointId, timeouts);
    return timeouts;
  }

  /** The wait before the next attempt (undefined: the schedule has run out), slowed after timeouts in a row. */
  function retryWait(attemptNumber: number, timeouts: number): number | undefined {
    const scheduled = settings.retrySchedule[attemptNumber - 1];
    if (scheduled === undefined || timeouts < SLOW_AFTER_TIMEOUTS) return scheduled;
    return Math.max(scheduled, Math.min(SLOWED_WAIT_MAX_MS, settings.timeoutMs * 2 ** (timeouts - SLOW_AFTER_TIMEOUTS)));
  }

  async function send(endpoint: WebhookEndpointsTable, event: EventsTable): Promise<SendResult> {
    const now = ctx.clock.now();
    // The stored object is already JSON: spliced in, not parsed and serialised again.
    const body = `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"created_at":${JSON.stringify(event.created_at)},"data":{"object":${event.data}}}`;
    const secrets = [endpoint.secret];
    if (endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > toIso(now)) {
      secrets.push(endpoint.previous_secret);
    }
    const headers = signedHeaders(secrets, event.id, Math.floor(now / 1000), body);
    return sendWebhook({
      url: endpoint.url,
      headers,
      body,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      policy: settings.policy,
      ...(settings.lookup ? { lookup: settings.lookup } : {}),
    });
  }

  /**
   * Records the attempt and what follows from it, in one transaction, if this worker still holds
   * the job. A worker that outlived its lease (paused past it, say) records nothing: another worker
   * has taken the job over and may already have settled the delivery, which must not go back to
   * pending, or failed, on a late answer.
   */
  async function settle(
    trx: Kysely<DB>,
    job: ClaimedJob,
    deliveryId: string,
    endpoint: WebhookEndpointsTable,
    result: SendResult,
    timeouts: number,
  ): Promise<void> {
    const now = ctx.clock.now();
    const nowText = toIso(now);
    const current = await lockForUpdate(trx, trx.selectFrom('webhook_deliveries').select('attempt_count').where('id', '=', deliveryId)).executeTakeFirst();
    if (!current) return;
    const attemptNumber = current.attempt_count + 1;
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    stats[succeeded ? 'succeeded' : 'failed']++;
    const wait = succeeded ? undefined : retryWait(attemptNumber, timeouts);
    const runAt = wait === undefined ? undefined : now + Math.round(wait * (1 - JITTER + Math.random() * 2 * JITTER));
    // The job first: finishing or rescheduling it is what checks the lease.
    const held = runAt === undefined ? await finishJob(trx, job) : await rescheduleJob(trx, job, runAt);
    if (!held) {
      log.warn({ deliveryId, jobId: job.id, statusCode: result.statusCode, error: result.error }, 'webhook attempt not recorded: its job lease had ended');
      return;
    }
    await webhooks.insertAttempt(trx, {
      delivery_id: deliveryId,
      attempt: attemptNumber,
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      response_excerpt: result.responseExcerpt,
      error: result.error,
      attempted_at: nowText,
    });
    if (succeeded) {
      await webhooks.updateDelivery(trx, deliveryId, { status: 'succeeded', attempt_count: attemptNumber, next_attempt_at: null, updated_at: nowText });
      if (endpoint.failing_since !== null) await webhooks.setEndpointHealth(trx, endpoint.id, { failing_since: null });
      return;
    }
    if (runAt === undefined) {
      await webhooks.updateDelivery(trx, deliveryId, { status: 'failed', attempt_count: attemptNumber, next_attempt_at: null, updated_at: nowText });
    } else {
      await webhooks.updateDelivery(trx, deliveryId, { status: 'pending', attempt_count: attemptNumber, next_attempt_at: toIso(runAt), updated_at: nowText });
    }
    await recordFailure(trx, endpoint, now);
  }

  /** Starts or extends the endpoint's run of failures; past disableAfterMs the endpoint is disabled. */
  async function recordFailure(trx: Kysely<DB>, endpoint: WebhookEndpointsTable, now: number): Promise<void> {
    const fresh = await webhooks.findEndpointForJob(trx, endpoint.id);
    if (!fresh) return;
    const failingSince = fresh.failing_since ?? toIso(now);
    if (fresh.enabled === 1 && now - Date.parse(failingSince) >= settings.disableAfterMs) {
      const updatedAt = toIso(now);
      await webhooks.setEndpointHealth(trx, endpoint.id, { failing_since: failingSince, enabled: 0, disabled_reason: 'failing', updated_at: updatedAt });
      await recordEvent(trx, ctx.clock, fresh.workspace_id, 'webhook_endpoint.disabled', toEndpoint(endpointOfStored({ ...fresh, enabled: 0, disabled_reason: 'failing', updated_at: updatedAt }), updatedAt));
      log.warn({ endpointId: endpoint.id, failingSince }, 'webhook endpoint disabled after failing too long');
    } else if (fresh.failing_since === null) {
      await webhooks.setEndpointHealth(trx, endpoint.id, { failing_since: failingSince });
    }
  }

  return {
    handler: {
      kind: 'webhook_delivery',
      concurrency: settings.concurrency,
      leaseMs,
      // One endpoint that hangs holds at most its own slots; the others go to the other endpoints in turn.
      groups: { of: webhooks.endpointOfJob, cap: settings.endpointConcurrency },
      run: (job) => attempt(job, false),
    },
    stats,
    async attemptNow(deliveryId) {
      const job = await claimJobOf(ctx.db, deliveryId, ctx.clock.now(), leaseMs);
      if (job) return attempt(job, true);
      // A runner (woken by the same announcement) took it first: the caller is answered after
      // that attempt, as after its own, so wait while the runner holds it (its send is bounded by
      // the timeout).
      const deadline = Date.now() + settings.timeoutMs + 5_000;
      while (Date.now() < deadline && (await isJobLeased(ctx.db, deliveryId, ctx.clock.now()))) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
