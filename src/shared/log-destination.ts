import type { DestinationStream } from 'pino';

/** What the batching needs of sonic-boom (pino.destination()), which does the writing. */
export interface LineSink {
  write(text: string): boolean;
  flush(callback?: (err?: Error) => void): void;
  flushSync(): void;
}

/**
 * pino's destination for the process log: lines are kept in memory and handed to sonic-boom in
 * batches, once `batchChars` are buffered or every `flushMs`, whichever comes first. sonic-boom
 * then writes each batch asynchronously (a libuv worker thread, EAGAIN retried on pipes).
 *
 * Why not sonic-boom's own `minLength`: its write() measures the whole pending string
 * (Buffer.byteLength of a string it keeps appending to, so flattened again each time) on every
 * line, about 3 µs per access-log line at 4 KiB; here a line costs an array push. And without
 * batching, nearly every request pays a write of its own through the worker pool.
 */
export class BatchedDestination implements DestinationStream {
  private lines: string[] = [];
  private chars = 0;

  constructor(
    private readonly sink: LineSink,
    private readonly batchChars: number,
    flushMs: number,
  ) {
    setInterval(() => this.handOver(), flushMs).unref();
    // pino flushes its sonic-boom synchronously on exit; the lines still held here go first.
    process.once('exit', () => this.flushSync());
  }

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.handOver();
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

  private handOver(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.sink.write(text);
  }
}
