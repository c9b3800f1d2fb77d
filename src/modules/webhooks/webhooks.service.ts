import type { WebhookAttemptsTable, WebhookEndpointsTable } from '../../db/types.js';
import { runSoon } from '../../jobs/queue.js';
import { nowIso, toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { updateVersioned, type Versioned } from '../../shared/versioned.js';
import { recordEvents } from '../events/record-events.js';
import { newSigningSecret, secretHint } from './signing.js';
import { checkWebhookUrl, type Lookup, type UrlPolicy } from './url-safety.js';
import * as repo from './webhooks.repository.js';
import {
  type CreateWebhookEndpointBody,
  deliverySorts,
  endpointSorts,
  type ListDeliveriesQuery,
  type ListWebhookEndpointsQuery,
  type UpdateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from './webhooks.schemas.js';

/**
 * Attempts a delivery at once if it is due, and returns after the attempt: the test and retry
 * endpoints answer with its outcome. The delivery job (webhook-delivery.job.ts) provides it; the
 * service names only what it calls, so that the job, which maps rows with this file, is not imported here.
 */
export interface DeliveryAttempts {
  attemptNow(deliveryId: string): Promise<void>;
}

/** What the endpoints API needs beyond the database: the URL rules and the deliverer for test and retry. */
export interface WebhooksContext extends ServiceContext {
  urlPolicy: UrlPolicy;
  /** Resolves host names when checking URLs; tests inject one. */
  lookup?: Lookup | undefined;
  deliverer: DeliveryAttempts;
}

const DEFAULT_GRACE_SECONDS = 86_400;

/**
 * An endpoint as the API shows it at `now`: hints of its secrets, never the secrets. The previous
 * secret shows (hint and end of grace) while the rotation's grace period runs, that is while
 * deliveries are also signed with it.
 */
export function toEndpoint(row: repo.EndpointRow, now: string): WebhookEndpoint {
  const previousSigns = row.previous_secret_hint !== null && row.previous_secret_expires_at !== null && row.previous_secret_expires_at > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason === 'failing' ? 'failing' : null,
    secret_hint: row.secret_hint,
    previous_secret_hint: previousSigns ? row.previous_secret_hint : null,
    previous_secret_expires_at: previousSigns ? row.previous_secret_expires_at : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An endpoint row with its secrets (create, the delivery job) as the API shows it: the hints in place of the secrets. */
export function endpointOfStored(row: WebhookEndpointsTable): repo.EndpointRow {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    version: row.version,
    secret_hint: secretHint(row.secret),
    previous_secret_hint: row.previous_secret === null ? null : secretHint(row.previous_secret),
    previous_secret_expires_at: row.previous_secret_expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The ETag changes when the previous secret's grace ends, since the representation does. */
function versioned(row: repo.EndpointRow, now: string): Versioned<WebhookEndpoint> {
  const data = toEndpoint(row, now);
  return { data, etag: etagOf(row.version, data.previous_secret_hint === null ? 0 : 1) };
}

/** 400 validation_error on `/url` when the URL may not receive webhooks. */
async function assertDeliverableUrl(ctx: WebhooksContext, url: string): Promise<void> {
  const problem = await checkWebhookUrl(url, ctx.urlPolicy, ctx.lookup);
  if (problem) throw new AppError('validation_error', `Invalid body: /url ${problem}`, { errors: [{ path: '/url', message: problem }] });
}

export async function listEndpoints(ctx: ServiceContext, workspaceId: string, query: ListWebhookEndpointsQuery): Promise<PageResult<WebhookEndpoint>> {
  const page = parseListQuery('webhook-endpoints', workspaceId, query, endpointSorts, 'created_at');
  const [rows, total] = await Promise.all([
    repo.listEndpoints(ctx.db, workspaceId, page),
    page.mode === 'page' ? repo.countEndpoints(ctx.db, workspaceId) : undefined,
  ]);
  const now = nowIso(ctx.clock);
  return toPageResult('webhook-endpoints', workspaceId, page, rows, total, (row) => row.created_at, (row) => toEndpoint(row, now));
}

export async function getEndpoint(ctx: ServiceContext, workspaceId: string, id: string): Promise<Versioned<WebhookEndpoint>> {
  const row = await repo.findEndpoint(ctx.db, workspaceId, id);
  if (!row) throw notFound('Webhook endpoint', id);
  return versioned(row, nowIso(ctx.clock));
}

export async function createEndpoint(ctx: WebhooksContext, workspaceId: string, body: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
  await assertDeliverableUrl(ctx, body.url);
  const now = nowIso(ctx.clock);
  const row: WebhookEndpointsTable = {
    id: newId('whe', ctx.clock.now()),
    workspace_id: workspaceId,
    url: body.url,
    description: body.description ?? '',
    events: JSON.stringify(normalizeEvents(body.events ?? ['*'])),
    enabled: body.enabled === false ? 0 : 1,
    disabled_reason: null,
    secret: newSigningSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  await repo.insertEndpoint(ctx.db, row);
  return { ...toEndpoint(endpointOfStored(row), now), secret: row.secret };
}

/** `*` among other types means all of them. */
function normalizeEvents(events: string[]): string[] {
  return events.includes('*') ? ['*'] : events;
}

export async function updateEndpoint(
  ctx: WebhooksContext,
  workspaceId: string,
  id: string,
  body: UpdateWebhookEndpointBody,
  ifMatch?: string,
): Promise<Versioned<WebhookEndpoint>> {
  if (body.url !== undefined) await assertDeliverableUrl(ctx, body.url);
  return updateVersioned({
    load: () => repo.findEndpoint(ctx.db, workspaceId, id),
    missing: () => notFound('Webhook endpoint', id),
    present: (row) => versioned(row, nowIso(ctx.clock)),
    changes: (current) => ({
      ...(body.url !== undefined && { url: body.url }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.events !== undefined && { events: JSON.stringify(normalizeEvents(body.events)) }),
      // Enabling starts afresh; disabling by hand is not a failure.
      ...(body.enabled !== undefined && (body.enabled ? 1 : 0) !== current.enabled && { enabled: body.enabled ? 1 : 0, disabled_reason: null }),
    }),
    write: (version, changes) =>
      repo.updateEndpoint(ctx.db, workspaceId, id, version, changes.enabled === 1 ? { ...changes, failing_since: null } : changes),
    ifMatch,
    now: () => nowIso(ctx.clock),
  });
}

export async function deleteEndpoint(ctx: ServiceContext, workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
  if (!(await repo.deleteEndpoint(ctx.db, workspaceId, id))) throw notFound('Webhook endpoint', id);
  return { id, deleted: true };
}

/** A new signing secret, shown once; the old one keeps signing too for the grace period. */
export async function rotateSecret(
  ctx: ServiceContext,
  workspaceId: string,
  id: string,
  graceSeconds: number = DEFAULT_GRACE_SECONDS,
): Promise<WebhookEndpointWithSecret> {
  const secret = newSigningSecret();
  const now = ctx.clock.now();
  const previousUntil = graceSeconds > 0 ? toIso(now + graceSeconds * 1000) : null;
  const row = await repo.rotateSecret(ctx.db, workspaceId, id, secret, previousUntil, toIso(now));
  if (!row) throw notFound('Webhook endpoint', id);
  return { ...toEndpoint(row, toIso(now)), secret };
}

export function toDelivery(row: repo.DeliveryRow, attempts: WebhookAttemptsTable[]): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: row.next_attempt_at,
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      status_code: a.status_code,
      latency_ms: a.latency_ms,
      response_excerpt: a.response_excerpt,
      error: a.error,
      attempted_at: a.attempted_at,
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listDeliveries(
  ctx: ServiceContext,
  workspaceId: string,
  endpointId: string,
  query: ListDeliveriesQuery,
): Promise<PageResult<WebhookDelivery>> {
  if (!(await repo.findEndpoint(ctx.db, workspaceId, endpointId))) throw notFound('Webhook endpoint', endpointId);
  const list = `webhook-deliveries:${endpointId}`;
  const page = parseListQuery(list, workspaceId, query, deliverySorts, '-created_at');
  const filters = { status: query.status, eventId: query.event_id };
  const [rows, total] = await Promise.all([
    repo.listDeliveries(ctx.db, workspaceId, endpointId, filters, page),
    page.mode === 'page' ? repo.countDeliveries(ctx.db, workspaceId, endpointId, filters) : undefined,
  ]);
  const attempts = groupByDelivery(await repo.attemptsOf(ctx.db, rows.map((r) => r.id)));
  return toPageResult(list, workspaceId, page, rows, total, (row) => row.created_at, (row) => toDelivery(row, attempts.get(row.id) ?? []));
}

function groupByDelivery(attempts: WebhookAttemptsTable[]): Map<string, WebhookAttemptsTable[]> {
  const grouped = new Map<string, WebhookAttemptsTable[]>();
  for (const attempt of attempts) {
    const list = grouped.get(attempt.delivery_id);
    if (list) list.push(attempt);
    else grouped.set(attempt.delivery_id, [attempt]);
  }
  return grouped;
}

export async function getDelivery(ctx: ServiceContext, workspaceId: string, id: string): Promise<WebhookDelivery> {
  const row = await repo.findDelivery(ctx.db, workspaceId, id);
  if (!row) throw notFound('Webhook delivery', id);
  return toDelivery(row, await repo.attemptsOf(ctx.db, [id]));
}

/**
 * Sends a delivery again now, whatever its status (a receiver that lost one can ask for it
 * again), and answers it after the attempt. A failed attempt continues the retry schedule.
 */
export async function retryDelivery(ctx: WebhooksContext, workspaceId: string, id: string): Promise<WebhookDelivery> {
  if (!(await repo.findDelivery(ctx.db, workspaceId, id))) throw notFound('Webhook delivery', id);
  const now = ctx.clock.now();
  const due = await ctx.db.transaction().execute(async (trx) => {
    if (!(await runSoon(trx, 'webhook_delivery', id, now))) return false;
    await repo.updateDelivery(trx, id, { status: 'pending', next_attempt_at: toIso(now), updated_at: toIso(now) });
    return true;
  });
  // A worker holding it right now settles it; the answer then shows it as it stands.
  if (due) await ctx.deliverer.attemptNow(id);
  return getDelivery(ctx, workspaceId, id);
}

/** Sends a `webhook_endpoint.test` event to this endpoint only (also a disabled one) and answers the delivery. */
export async function testEndpoint(ctx: WebhooksContext, workspaceId: string, id: string): Promise<WebhookDelivery> {
  const endpoint = await repo.findEndpoint(ctx.db, workspaceId, id);
  if (!endpoint) throw notFound('Webhook endpoint', id);
  const deliveryId = await ctx.db.transaction().execute(async (trx) => {
    const [event] = await recordEvents(trx, ctx.clock, workspaceId, [{ type: 'webhook_endpoint.test', object: toEndpoint(endpoint, nowIso(ctx.clock)) }], {
      onlyEndpointId: id,
    });
    return (await repo.deliveryOfEvent(trx, event!.id, id))!.id;
  });
  await ctx.deliverer.attemptNow(deliveryId);
  return getDelivery(ctx, workspaceId, deliveryId);
}
