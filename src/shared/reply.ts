import type { FastifyReply, FastifyRequest } from 'fastify';
import { linkHeader, type PageResult } from './pagination.js';
import type { Upserted } from './upsert.js';

/**
 * Sets the `Link` header of a list page and returns the body `{data, pagination}`.
 *
 * `plain`: the body is written by JSON.stringify instead of the route's schema serializer. Only
 * for a list whose items a mapper builds field by field, in the schema's order, as an object
 * literal that TypeScript holds to the item's schema type (toCourse, toStudent, toEnrollment): the
 * JSON is then the same, and a field the schema does not name cannot reach it (the test of such a
 * list compares it with the schema serializer's). Not for the event log: an event's object is the
 * JSON stored when it happened, not a literal of the current schema, which only the schema
 * serializer holds it to. fast-json-stringify builds a page of 100 courses as a rope of thousands
 * of small strings (about 115 KB, copied flat again when written), JSON.stringify as one flat
 * string (about 50 KB): the garbage of every page, which a busy server's young generation then
 * carries over (bench/README.md, "The list of 100").
 */
export function pageReply<T>(request: FastifyRequest, reply: FastifyReply, result: PageResult<T>, options: { plain?: boolean } = {}) {
  const path = request.url.split('?')[0];
  const link = linkHeader(`${request.protocol}://${request.host}${path}`, request.query as Record<string, unknown>, result.links);
  if (link) reply.header('link', link);
  if (options.plain) reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
  return { data: result.data, pagination: result.pagination };
}

/** Sets the ETag of a single resource and returns the body `{data}` (when the resource is here). */
export function resourceReply<T>(reply: FastifyReply, resource: { data: T; etag: string }) {
  reply.header('etag', resource.etag);
  return { data: resource.data };
}

/**
 * The answer of an upsert: 201 with `Location` when it made the resource, else 200; `Lectern-Upsert`
 * says what it did, `ETag` is the resource's; the body `{data}` as a GET answers it.
 */
export function upsertReply<T extends { id: string }>(reply: FastifyReply, resource: Upserted<T>, path: string) {
  if (resource.outcome === 'created') reply.code(201).header('location', `${path}/${resource.data.id}`);
  else reply.code(200);
  reply.header('lectern-upsert', resource.outcome);
  return resourceReply(reply, resource);
}
