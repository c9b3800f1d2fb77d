import type { DestinationStream } from 'pino';
import { pino } from 'pino';

/*
 * What it changes: the process log (JSON lines on stdout) is written asynchronously, in batches:
 * each line is encoded into a batch buffer as pino hands it over, and the batch goes to pino's own
 * sonic-boom destination in buffer mode (`pino.destination({ contentMode: 'buffer' })`, public
 * options) once the next line might not fit, or LOG_FLUSH_MS after its first line, whichever
 * comes first. pino's default destination writes each line as it comes (asynchronously, one
 * write(2) per line while none is under way): nearly one per request, since every request logs its
 * `request completed` line.
 *
 * Why not sonic-boom's own string batching (`pino.destination({ minLength })`): it appends each
 * line to the pending string and measures the UTF-8 length of the whole pending string on every
 * line (flattening it first), a cost that grows with the batch; here each line is encoded once,
 * while its pieces are fresh. bench/README.md has both A/Bs (a write per line, and string
 * batching). Graceful shutdown flushes what is held (server.ts, `logger.flush`) and process exit
 * writes it synchronously; a SIGKILL loses at most LOG_FLUSH_MS of lines (docs/operations.md).
 *
 * How to tell it has stopped working: test/unit/log-destination.test.ts and
 * test/process/server.test.ts (the access-log line reaches stdout within the flush interval); a
 * busy server's `strace -c -e write` shows one write per request again.
 */

/** A batch is handed to sonic-boom before the next line might not fit in this many bytes... */
export const LOG_BATCH_BYTES = 65_536;
/** ...and at most this long (ms) after its first line. */
export const LOG_FLUSH_MS = 100;

/** What the batching needs of sonic-boom in buffer mode, which does the writing. */
export interface ByteSink {
  write(bytes: Buffer): boolean;
  flush(callback?: (err?: Error) => void): void;
  flushSync(): void;
}

/** UTF-8 takes at most 3 bytes for each UTF-16 code unit. */
const MAX_BYTES_PER_UNIT = 3;

/**
 * pino's destination for the process log (see above): lines encoded into a batch buffer as they
 * come, the batch handed to `sink` when the next line might not fit, `flushMs` after its first
 * line, on flush (shutdown) and at process exit.
 */
export class BatchedDestination implements DestinationStream {
  private batch: Buffer;
  private used = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly handOverLater = () => {
    this.timer = undefined;
    this.handOver();
  };

  constructor(
    private readonly sink: ByteSink,
    private readonly batchBytes: number,
    private readonly flushMs: number,
  ) {
    this.batch = Buffer.allocUnsafe(batchBytes);
    // pino writes its sonic-boom synchronously on exit; the lines still held here go first.
    process.once('exit', () => this.flushSync());
  }

  write(line: string): void {
    if (line.length * MAX_BYTES_PER_UNIT > this.batch.length - this.used) {
      this.handOver();
      if (line.length * MAX_BYTES_PER_UNIT > this.batch.length) {
        // A line longer than a batch goes on its own.
        this.sink.write(Buffer.from(line, 'utf8'));
        return;
      }
    }
    this.used += this.batch.write(line, this.used);
    if (this.timer === undefined) this.timer = setTimeout(this.handOverLater, this.flushMs).unref();
  }

  /** Hands everything over and asks sonic-boom to write it (graceful shutdown). */
  flush(callback?: (err?: Error) => void): void {
    this.handOver();
    this.sink.flush(callback);
  }

  flushSync(): void {
    this.handOver();
    this.sink.flushSync();
  }

  /** sonic-boom keeps the bytes it is handed until written: the next lines go into a new buffer. */
  private handOver(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.used === 0) return;
    const bytes = this.batch.subarray(0, this.used);
    this.batch = Buffer.allocUnsafe(this.batchBytes);
    this.used = 0;
    this.sink.write(bytes);
  }
}

/** Standard output, written asynchronously in batches (see above). */
export function batchedStdout(): DestinationStream {
  // sonic-boom's types name only string writes; in buffer mode it takes Buffers.
  const sink = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' }) as unknown as ByteSink;
  return new BatchedDestination(sink, LOG_BATCH_BYTES, LOG_FLUSH_MS);
}
