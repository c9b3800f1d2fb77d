import { type DestinationStream, pino } from 'pino';

/*
 * What it changes: the process log (JSON lines on stdout) is written asynchronously, in batches of
 * at least LOG_BATCH_BYTES, and at least every LOG_FLUSH_MS when fewer lines come, by pino's own
 * sonic-boom destination (`pino.destination({ minLength, periodicFlush })`, its documented
 * asynchronous logging). pino's default writes each line synchronously, one write(2) per line:
 * nearly one per request, since every request logs its `request completed` line.
 *
 * Why: a write per line costs the server a system call per request, more when stdout is a pipe to
 * a log collector that has to be woken for each (bench/README.md has the A/B). Graceful shutdown
 * flushes what is buffered (server.ts, `logger.flush`), and pino writes it synchronously on
 * process exit; a SIGKILL loses at most LOG_FLUSH_MS of lines (docs/operations.md).
 *
 * How to tell it has stopped working: test/process/server.test.ts (the access-log line reaches
 * stdout within the flush interval); a busy server's `strace -c -e write` shows one write per
 * request again.
 */

/** Lines are handed to the kernel once this many bytes are buffered (sonic-boom's minLength, below its 16 KiB maxWrite)... */
export const LOG_BATCH_BYTES = 4096;
/** ...and at least this often (ms) when fewer arrive. */
export const LOG_FLUSH_MS = 100;

/** Standard output, written asynchronously in batches (see above). */
export function batchedStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}
