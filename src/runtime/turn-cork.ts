import type { Writable } from 'node:stream';

/*
 * What it changes: a connection that carries one command per request (the rate limiter's Redis
 * connection, a pipelined PostgreSQL connection: src/db/postgres-pipeline.ts) is corked (Node's
 * public `cork()`) when a command is sent, and uncorked at the end of the event-loop turn (its
 * check phase): the commands of one turn (one per request read in it) leave in one write, with the
 * turn's responses, instead of a system call each.
 *
 * Why: each write wakes the server (Redis, a PostgreSQL backend), which then answers each command
 * with a write of its own; sent together, the commands cost Lectern and the server less CPU each
 * (bench/README.md has the A/Bs). ioredis writes each command with a plain `stream.write()` and
 * never uncorks the stream itself; node-postgres corks and uncorks around each statement, which
 * nests inside this cork. So a cork holds (unlike an HTTP response, whose `end()` uncorks its
 * socket fully: write-coalescing.ts). For Redis this replaced a replacement of the socket's
 * private `_write`/`_writev`, which did no better in an interleaved A/B.
 *
 * How to tell it has stopped working: test/unit/limit-stores.test.ts (the Redis connection is
 * still corked when the code of a turn that checked limits ends, also after a reconnect) and
 * test/unit/postgres-pipeline.test.ts (the same for statements); on the bench, the rows with limits
 * in Redis and on PostgreSQL then cost as much CPU per request as with RUNTIME_TUNING=off.
 */

/** The streams corked in this turn, once per cork (each cork needs its own uncork). */
const corked: Writable[] = [];
let scheduled = false;

function uncorkAll(): void {
  scheduled = false;
  const streams = corked.splice(0);
  for (const stream of streams) stream.uncork();
}

/** Corks the stream until the end of the current event-loop turn (see above). */
export function corkUntilTurnEnds(stream: Writable): void {
  stream.cork();
  corked.push(stream);
  if (!scheduled) {
    scheduled = true;
    setImmediate(uncorkAll);
  }
}
