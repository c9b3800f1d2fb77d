import type { EventsTable } from '../../db/types.js';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { notFound } from '../../shared/errors.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import type { EventType } from './event-types.js';
import * as repo from './events.repository.js';
import { completeOlderObject } from './older-events.js';
import { type Event, eventSorts, type ListEventsQuery } from './events.schemas.js';

/** How long the event log keeps events (docs/api.md: GET /events lists the last 30 days). */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** An event of the log, its object completed with the fields its resource gained since it was stored (older-events.ts). */
export function toEvent(row: EventsTable): Event {
  const type = row.type as EventType;
  const object = JSON.parse(row.data) as Record<string, unknown>;
  completeOlderObject(type, object);
  return { id: row.id, type, created_at: row.created_at, data: { object } };
}

export async function listEvents(ctx: ServiceContext, workspaceId: string, query: ListEventsQuery): Promise<PageResult<Event>> {
  const page = parseListQuery('events', workspaceId, query, eventSorts, '-created_at');
  const filters: repo.EventFilters = {
    type: query.type === undefined || query.type.endsWith('.*') ? undefined : query.type,
    typePrefix: query.type?.endsWith('.*') ? query.type.slice(0, -1) : undefined,
    from: query.from,
    to: query.to,
    notBefore: toIso(ctx.clock.now() - EVENT_RETENTION_MS),
  };
  const [rows, total] = await Promise.all([
    repo.listEvents(ctx.db, workspaceId, filters, page),
    page.mode === 'page' ? repo.countEvents(ctx.db, workspaceId, filters) : undefined,
  ]);
  return toPageResult('events', workspaceId, page, rows, total, (row) => row.created_at, toEvent);
}

export async function getEvent(ctx: ServiceContext, workspaceId: string, id: string): Promise<Event> {
  const row = await repo.findEvent(ctx.db, workspaceId, id, toIso(ctx.clock.now() - EVENT_RETENTION_MS));
  if (!row) throw notFound('Event', id);
  return toEvent(row);
}

/** Removes events past retention, with their deliveries; answers how many went. */
export async function purgeExpiredEvents(ctx: ServiceContext): Promise<number> {
  const before = toIso(ctx.clock.now() - EVENT_RETENTION_MS);
  let total = 0;
  for (;;) {
    const n = await repo.deleteEventsBefore(ctx.db, before, 1_000);
    total += n;
    if (n < 1_000) return total;
  }
}
