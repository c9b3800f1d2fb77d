import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import { dialectOf } from '../../db/dialect.js';
import type { DB, EventsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/types.js';
import { enqueueJobs } from '../../jobs/queue.js';
import { announceJobs } from '../../jobs/wakeup.js';
import { type Clock, toIso } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { enabledEndpoints, insertDeliveries } from '../webhooks/webhooks.repository.js';
import type { EventType, NewEvent } from './event-types.js';

/**
 * The one place where events are recorded. Call it with the transaction that makes the change:
 * the event, a delivery for every enabled endpoint subscribed to its type, and a job for each
 * delivery commit with the change or not at all, so a crash never loses an event.
 */
export async function recordEvents(
  trx: Kysely<DB>,
  clock: Clock,
  workspaceId: string,
  events: NewEvent[],
  options: { onlyEndpointId?: string } = {},
): Promise<EventsTable[]> {
  if (events.length === 0) return [];
  const now = clock.now();
  const createdAt = toIso(now);
  const rows: EventsTable[] = events.map((event) => ({
    id: newId('evt', now),
    workspace_id: workspaceId,
    type: event.type,
    data: JSON.stringify(event.object),
    created_at: createdAt,
  }));
  let endpoints: Pick<WebhookEndpointsTable, 'id' | 'events'>[] | undefined;
  if (rows.length === 1 && options.onlyEndpointId === undefined && dialectOf(trx) === 'postgres') {
    endpoints = await eventInsertReadingEndpoints.execute(trx, rows[0]!);
  } else if (rows.length === 1) {
    await eventInsert.affected(trx, rows[0]!);
  } else {
    // In statements of at most 500 rows, within both databases' limits on bound parameters.
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('events').values(rows.slice(i, i + 500)).execute();
  }

  // A test ping goes to the one endpoint it was asked for, whatever its subscriptions or state.
  endpoints ??= options.onlyEndpointId === undefined ? await enabledEndpoints(trx, workspaceId) : [{ id: options.onlyEndpointId, events: '["*"]' }];
  const deliveries: WebhookDeliveriesTable[] = [];
  for (const endpoint of endpoints) {
    const subscribed = new Set(JSON.parse(endpoint.events) as string[]);
    for (const row of rows) {
      if (options.onlyEndpointId === undefined && !subscribes(subscribed, row.type as EventType)) continue;
      deliveries.push({
        id: newId('dlv', now),
        workspace_id: workspaceId,
        endpoint_id: endpoint.id,
        event_id: row.id,
        event_type: row.type,
        status: 'pending',
        attempt_count: 0,
        next_attempt_at: createdAt,
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
  }
  if (deliveries.length > 0) {
    await insertDeliveries(trx, deliveries);
    await enqueueJobs(trx, deliveries.map((d) => ({ kind: 'webhook_delivery' as const, subjectId: d.id, runAt: now })), now);
    await announceJobs(trx);
  }
  return rows;
}

// Most changes record one event: its insert is built and compiled once.
type EventParams = Pick<EventsTable, keyof EventsTable>;

/** The insert of one event, each value a parameter of the prepared statement. */
const insertEvent = (db: Kysely<DB>, p: <K extends keyof EventParams>(name: K) => EventParams[K]) =>
  db.insertInto('events').values({ id: p('id'), workspace_id: p('workspace_id'), type: p('type'), data: p('data'), created_at: p('created_at') });

const eventInsert = prepared<EventParams, never>(insertEvent);

/**
 * On PostgreSQL, the event's insert and the read of the endpoints it goes to in one statement (a
 * data-modifying WITH): one round trip less for every change that records one event
 * (bench/README.md, "Round trips of a create"). SQLite, which has no round trips to save, allows no
 * insert in a WITH.
 */
const eventInsertReadingEndpoints = prepared<EventParams, Pick<WebhookEndpointsTable, 'id' | 'events'>>((db, p) =>
  db
    .with('inserted', () => insertEvent(db, p))
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('workspace_id', '=', p('workspace_id'))
    .where('enabled', '=', 1),
);

/** Records one event; see recordEvents. */
export async function recordEvent(trx: Kysely<DB>, clock: Clock, workspaceId: string, type: EventType, object: unknown): Promise<EventsTable> {
  const [row] = await recordEvents(trx, clock, workspaceId, [{ type, object }]);
  return row!;
}

function subscribes(subscribed: Set<string>, type: EventType): boolean {
  return type !== 'webhook_endpoint.test' && (subscribed.has('*') || subscribed.has(type));
}
