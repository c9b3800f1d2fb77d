import type { FastifyRequest } from 'fastify';

/**
 * The address people open Lectern at, for links it hands out (console sign-in links, LTI URLs):
 * PUBLIC_URL when set, else the one this request came to (its protocol and host as Fastify
 * resolves them: through a proxy only with TRUST_PROXY).
 */
export function publicBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
