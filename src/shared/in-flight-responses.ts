import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The answer under way on each connection of the servers that trackInFlightResponses watches. */
const inFlight = new WeakMap<Socket, ServerResponse>();
const tracked = new WeakSet<Server>();

/**
 * Records the answer in progress on each connection (from the server's public `request` event),
 * for those that must let it finish before they write or close: the client-error answer and the
 * shutdown's drain. Idempotent per server.
 */
export function trackInFlightResponses(server: Server): void {
  if (tracked.has(server)) return;
  tracked.add(server);
  // Before Fastify's own listener, which may answer synchronously.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    inFlight.set(socket, response);
    response.once('finish', () => {
      if (inFlight.get(socket) === response) inFlight.delete(socket);
    });
  });
}

/** The answer still being written on this connection, if any. */
export function inFlightResponse(socket: Socket): ServerResponse | undefined {
  const response = inFlight.get(socket);
  return response && !response.writableFinished ? response : undefined;
}
