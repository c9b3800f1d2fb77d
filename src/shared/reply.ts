import type { FastifyReply, FastifyRequest } from 'fastify';
import { linkHeader, type PageResult } from './pagination.js';

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
