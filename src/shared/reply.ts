import type { FastifyReply, FastifyRequest } from 'fastify';
import { linkHeader, type PageResult } from './pagination.js';
import type { Upserted } from './upsert.js';

/** Sets the `Link` header of a list page and returns the body `{data, pagination}`. */
export function pageReply<T>(request: FastifyRequest, reply: FastifyReply, result: PageResult<T>) {
  const path = request.url.split('?')[0];
  const link = linkHeader(`${request.protocol}://${request.host}${path}`, request.query as Record<string, unknown>, result.links);
  if (link) reply.header('link', link);
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
