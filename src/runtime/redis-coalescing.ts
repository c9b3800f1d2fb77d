import type { Writable } from 'node:stream';

/*
 * What it changes: the rate limiter's Redis connection is corked (Node's public `cork()`) when a
 * check is sent, and uncorked at the end of the event-loop turn (its check phase): the checks of
 * one turn (one per request read in it) leave in one write, with the turn's responses, instead of
 * a system call each.
 *
 * Why: each write wakes Redis, which then answers each check with a write of its own; sent
 * together, the checks cost Lectern and Redis less CPU each (bench/README.md has the A/B). ioredis
 * writes each command with a plain `stream.write()` and never uncorks the stream itself, so a cork
 * holds (unlike an HTTP response, whose `end()` uncorks its socket fully: write-coalescing.ts).
 * This replaced a replacement of the socket's private `_write`/`_writev`, which did no better in
 * an interleaved A/B.
 *
 * How to tell it has stopped working: test/unit/limit-stores.test.ts (twelve checks sent in one
 * turn are still in the socket when the turn's code ends, also after a reconnect); on the bench,
 * the row with limits in Redis then costs as much CPU per request as with RUNTIME_TUNING=off.
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
