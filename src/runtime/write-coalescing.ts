import { type Server, Socket } from 'node:net';

type WriteCallback = (err?: Error | null) => void;
type Chunks = { chunk: unknown; encoding: BufferEncoding }[];

/*
 * What it changes: the writes of a socket are held until the end of the event-loop turn (its
 * check phase), where the writes of every coalesced socket of the process leave together, instead
 * of one system call in the middle of each request's work. It replaces each socket's private
 * `_write`/`_writev` (the methods its Writable state calls): applied to every connection the HTTP
 * server accepts.
 *
 * Why: a busy server reads several requests in one turn, on as many connections. Node writes each
 * response the moment it ends; each write then wakes the peer and leaves the CPU for the kernel in
 * the middle of the next request's work. Here a connection's socket keeps its write until the
 * turn's requests are done, then all of them go out back to back (uWebSockets.js corks the same
 * way). Each connection still sends its own bytes, in order, in one write as before; a response
 * leaves at most one turn's work later. The CPU per request and req/s it saves are in
 * bench/README.md.
 *
 * Why not the public `socket.cork()`/`uncork()`: Node's `ServerResponse.end()` uncorks its socket
 * fully (it sets the cork count to one and uncorks), whoever corked it, so a cork taken for the
 * turn does not hold the response; measured, it does no better than no coalescing at all. Holding
 * the response in Fastify's onSend hook until the turn ends does save as much, but Fastify then
 * sees the reply as unsent (`reply.sent` follows `writableEnded`): a preHandler that answered (an
 * idempotent replay) would let the handler run as well.
 *
 * It works at the stream layer: the socket's `_write`/`_writev` is called by its Writable state,
 * which holds further writes (and `end`, and the response's `finish`) until the callback runs, so
 * order, back-pressure and errors are the stream's own. A socket destroyed meanwhile gets its
 * write refused by Node (ERR_SOCKET_CLOSED to the callback), as a late write would be: code that
 * answers and then closes a connection must end it (`socket.end(answer)`), never write and destroy
 * in one turn, or the answer is lost (Fastify's own client-error answer was; client-errors.ts).
 *
 * How to tell it has stopped working: test/unit/write-coalescing.test.ts and
 * test/http/write-coalescing.test.ts (a response written in a turn is still in its socket when the
 * turn's code ends); it throws at once if a socket no longer has `_write`/`_writev`. On the bench,
 * GET /api/v1/courses/:id then costs as much CPU per request as with RUNTIME_TUNING=off.
 */

// The turn's writes of every coalesced socket in the process, in order, and the callback of each
// (a write that throws reports there). One queue: all of them leave together in the check phase.
const sends: (() => void)[] = [];
const callbacks: WriteCallback[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  // A write can complete at once and start the socket's next buffered write: it joins this pass.
  for (let i = 0; i < sends.length; i++) {
    try {
      sends[i]!();
    } catch (err) {
      callbacks[i]!(err as Error);
    }
  }
  sends.length = 0;
  callbacks.length = 0;
}

function defer(send: () => void, callback: WriteCallback): void {
  sends.push(send);
  callbacks.push(callback);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

/** Coalesces the writes of every connection the server accepts (see above). */
export function coalesceWrites(server: Server, connectionEvent: 'connection' | 'secureConnection'): void {
  const methods = Socket.prototype as unknown as Record<string, unknown>;
  if (typeof methods._write !== 'function' || typeof methods._writev !== 'function') {
    throw new Error('net.Socket no longer has _write/_writev: src/runtime/write-coalescing.ts cannot hold writes on this Node (run with RUNTIME_TUNING=off, and update it)');
  }
  server.on(connectionEvent, coalesceSocketWrites);
}

/** Holds the socket's writes until the end of the event-loop turn, where they leave with every other coalesced socket's (see above). */
function coalesceSocketWrites(socket: Socket): void {
  // Called with the socket as `this` (write.call below), as its Writable state calls them.
  const stream = socket as unknown as {
    _write: (chunk: unknown, encoding: BufferEncoding, callback: WriteCallback) => void;
    _writev: (chunks: Chunks, callback: WriteCallback) => void;
  };
  const write = stream._write;
  const writev = stream._writev;
  stream._write = (chunk, encoding, callback) => defer(() => write.call(socket, chunk, encoding, callback), callback);
  stream._writev = (chunks, callback) => defer(() => writev.call(socket, chunks, callback), callback);
}
