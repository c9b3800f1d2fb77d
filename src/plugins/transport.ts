import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

/**
 * Whether a request reached us over TLS: directly, or through a trusted proxy that says so in
 * `X-Forwarded-Proto`. Trust is decided per connection (its peer address never changes), not
 * re-parsed on every request of a keep-alive connection as `request.protocol` does.
 */
export function httpsDetector(trustProxy: boolean | number | string): (request: FastifyRequest) => boolean {
  const trusts = trustFunction(trustProxy);
  const trustedSockets = new WeakMap<Socket, boolean>();
  return (request) => {
    const socket = request.raw.socket;
    if ((socket as TLSSocket).encrypted) return true;
    const forwarded = request.headers['x-forwarded-proto'];
    if (typeof forwarded !== 'string') return false;
    let trusted = trustedSockets.get(socket);
    if (trusted === undefined) {
      trusted = socket.remoteAddress !== undefined && trusts(socket.remoteAddress, 0);
      trustedSockets.set(socket, trusted);
    }
    // A proxy chain appends: the last entry is what the proxy next to us saw.
    return trusted && forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
  };
}

/**
 * The client's address, exactly as Fastify's `request.ip` gives it. Without an X-Forwarded-For
 * header that is the peer's address whatever the proxy trust, so it is read directly: the getter
 * runs proxy-addr (header parsing, an array, the trust function) on every call.
 */
export function clientAddress(request: FastifyRequest): string {
  const forwardedFor = request.headers['x-forwarded-for'];
  return typeof forwardedFor === 'string' && forwardedFor !== '' ? request.ip : (request.raw.socket.remoteAddress ?? request.ip);
}

/** The same reading of TRUST_PROXY as Fastify's: everything, a hop count, or a list of addresses. */
function trustFunction(trustProxy: boolean | number | string): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy.split(',').map((part) => part.trim()));
}
