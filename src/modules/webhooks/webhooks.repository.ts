import { type Expression, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count.js';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { DB, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';

/** Endpoint columns for reads the API answers: never the secrets. */
const publicColumns = ['id', 'workspace_id', 'url', 'description', 'events', 'enabled', 'disabled_reason', 'version', 'created_at', 'updated_at'] as const;

/** secretHint (signing.ts) in SQL, the same in both databases: `whsec_` and the first and last 4 characters; null for null. */
function secretHintSql(column: 'secret' | 'previous_secret') {
  const c = sql.ref(column);
  return sql<string>`substr(${c}, 1, 10) || '…' || substr(${c}, length(${c}) - 3, 4)`;
}

/** The public columns with the hints of the secrets and the end of the previous one's grace: what the API shows. */
const endpointColumns = [
  ...publicColumns,
  secretHintSql('secret').as('secret_hint'),
  secretHintSql('previous_secret').$castTo<string | null>().as('previous_secret_hint'),
  'previous_secret_expires_at',
] as const;

export type EndpointRow = Pick<WebhookEndpointsTable, (typeof publicColumns)[number] | 'previous_secret_expires_at'> & {
  secret_hint: string;
  /** Null when there is no previous secret; the service also hides one whose grace has ended. */
  previous_secret_hint: string | null;
};

const endpointPage = preparedPage<Record<never, never>, { workspaceId: string }, EndpointRow>({
  valuesOf: (workspaceId) => ({ workspaceId }),
  build: (db, _set, values) => db.selectFrom('webhook_endpoints').select(endpointColumns).where('workspace_id', '=', values.workspaceId),
});

export async function listEndpoints(db: Kysely<DB>, workspaceId: string, page: PageRequest): Promise<EndpointRow[]> {
  return endpointPage(db, workspaceId, {}, page);
}

export async function countEndpoints(db: Kysely<DB>, workspaceId: string): Promise<number> {
  return countRows(db.selectFrom('webhook_endpoints').where('workspace_id', '=', workspaceId));
}

export async function findEndpoint(db: Kysely<DB>, workspaceId: string, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').select(endpointColumns).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(db: Kysely<DB>, row: WebhookEndpointsTable): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

/** Applies changes if the endpoint is still at `version`; false when it changed meanwhile or is gone. */
export async function updateEndpoint(
  db: Kysely<DB>,
  workspaceId: string,
  id: string,
  version: number,
  changes: Partial<Omit<WebhookEndpointsTable, 'id' | 'workspace_id' | 'version' | 'created_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ ...changes, version: version + 1 })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Puts a new signing secret in place in one statement; the current one becomes the previous
 * secret until `previousUntil` (null: it stops at once). Answers the endpoint, or undefined if missing.
 */
export async function rotateSecret(
  db: Kysely<DB>,
  workspaceId: string,
  id: string,
  secret: string,
  previousUntil: string | null,
  updatedAt: string,
): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({
      secret,
      previous_secret: previousUntil === null ? null : sql<string>`secret`,
      previous_secret_expires_at: previousUntil,
      updated_at: updatedAt,
      version: sql<number>`version + 1`,
    })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returning(endpointColumns)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Kysely<DB>, workspaceId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The enabled endpoints of a workspace with their subscriptions, for fanning an event out. */
// Read in the transaction of every change that records an event: built and compiled once.
const enabledEndpointsOf = prepared<{ workspaceId: string }, Pick<WebhookEndpointsTable, 'id' | 'events'>>((db, p) =>
  db.selectFrom('webhook_endpoints').select(['id', 'events']).where('workspace_id', '=', p('workspaceId')).where('enabled', '=', 1),
);

export async function enabledEndpoints(db: Kysely<DB>, workspaceId: string): Promise<Pick<WebhookEndpointsTable, 'id' | 'events'>[]> {
  return enabledEndpointsOf.execute(db, { workspaceId });
}

/** For the delivery job: the endpoint with its signing secrets, whatever its workspace. */
export async function findEndpointForJob(db: Kysely<DB>, id: string): Promise<WebhookEndpointsTable | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .select([...publicColumns, 'secret', 'previous_secret', 'previous_secret_expires_at', 'failing_since'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** For the delivery job: records the outcome's effect on the endpoint's run of failures. */
export async function setEndpointHealth(
  db: Kysely<DB>,
  id: string,
  changes: Pick<WebhookEndpointsTable, 'failing_since'> & Partial<Pick<WebhookEndpointsTable, 'enabled' | 'disabled_reason' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
}

const deliveryColumns = ['id', 'workspace_id', 'endpoint_id', 'event_id', 'event_type', 'status', 'attempt_count', 'next_attempt_at', 'created_at', 'updated_at'] as const;

export type DeliveryRow = WebhookDeliveriesTable;

export interface DeliveryFilters {
  status?: WebhookDeliveriesTable['status'] | undefined;
  eventId?: string | undefined;
}

/** The delivery list's filters with the endpoint it belongs to. */
interface EndpointDeliveryFilters extends DeliveryFilters {
  endpointId: string;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type DeliveryFilterValues = {
  workspaceId: string;
  endpointId: string;
  status: WebhookDeliveriesTable['status'];
  eventId: string;
};

function deliveryFilterValues(workspaceId: string, filters: EndpointDeliveryFilters): DeliveryFilterValues {
  return { workspaceId, endpointId: filters.endpointId, status: filters.status ?? 'pending', eventId: filters.eventId ?? '' };
}

function filteredDeliveries(db: Kysely<DB>, set: FiltersSet<EndpointDeliveryFilters>, values: DeliveryFilterValues) {
  let query = db.selectFrom('webhook_deliveries').where('workspace_id', '=', values.workspaceId).where('endpoint_id', '=', values.endpointId);
  if (set.status) query = query.where('status', '=', values.status);
  if (set.eventId) query = query.where('event_id', '=', values.eventId);
  return query;
}

const deliveryPage = preparedPage<EndpointDeliveryFilters, DeliveryFilterValues, DeliveryRow>({
  valuesOf: deliveryFilterValues,
  build: (db, set, values) => filteredDeliveries(db, set, values).select(deliveryColumns),
  given: ['endpointId'],
});

export async function listDeliveries(
  db: Kysely<DB>,
  workspaceId: string,
  endpointId: string,
  filters: DeliveryFilters,
  page: PageRequest,
): Promise<DeliveryRow[]> {
  return deliveryPage(db, workspaceId, { endpointId, status: filters.status, eventId: filters.eventId }, page);
}

export async function countDeliveries(db: Kysely<DB>, workspaceId: string, endpointId: string, filters: DeliveryFilters): Promise<number> {
  const all = { endpointId, status: filters.status, eventId: filters.eventId };
  return countRows(filteredDeliveries(db, filtersSet(all), deliveryFilterValues(workspaceId, all)));
}

export async function findDelivery(db: Kysely<DB>, workspaceId: string, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').select(deliveryColumns).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

/** The delivery of an event to an endpoint. */
export async function deliveryOfEvent(db: Kysely<DB>, eventId: string, endpointId: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').select(deliveryColumns).where('event_id', '=', eventId).where('endpoint_id', '=', endpointId).executeTakeFirst();
}

/**
 * For the job queue: the endpoint of a delivery job (the job's subject is the delivery), as a
 * subquery on the job's row; null once the delivery is gone.
 */
export function endpointOfJob(eb: ExpressionBuilder<DB, 'jobs'>): Expression<string | null> {
  return eb.selectFrom('webhook_deliveries').select('webhook_deliveries.endpoint_id').whereRef('webhook_deliveries.id', '=', 'jobs.subject_id').$asScalar();
}

/** For the delivery job: a delivery by id, whatever its workspace. */
export async function findDeliveryForJob(db: Kysely<DB>, id: string): Promise<WebhookDeliveriesTable | undefined> {
  return db.selectFrom('webhook_deliveries').select(deliveryColumns).where('id', '=', id).executeTakeFirst();
}

/** In statements of at most 500 rows, within both databases' limits on bound parameters. */
export async function insertDeliveries(db: Kysely<DB>, rows: WebhookDeliveriesTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('webhook_deliveries').values(rows.slice(i, i + 500)).execute();
}

export async function updateDelivery(
  db: Kysely<DB>,
  id: string,
  changes: Partial<Pick<WebhookDeliveriesTable, 'status' | 'attempt_count' | 'next_attempt_at' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
}

export async function insertAttempt(db: Kysely<DB>, row: WebhookAttemptsTable): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

/** The attempts of the given deliveries, oldest first. */
export async function attemptsOf(db: Kysely<DB>, deliveryIds: string[]): Promise<WebhookAttemptsTable[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'attempt', 'status_code', 'latency_ms', 'response_excerpt', 'error', 'attempted_at'])
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
}
