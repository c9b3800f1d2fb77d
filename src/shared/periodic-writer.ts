/**
 * What is counted in memory and written to the database in batches (a key's last use, usage per
 * hour, the failed-request log): a subclass keeps what is pending and writes it in `write`; this
 * class runs the writes one after the other, on an interval, on demand (`flush`, before a read that
 * must see this process's figures) and once more when the app closes (`stop`).
 */
export abstract class PeriodicWriter {
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  /** Flushes every `intervalMs` on a timer that never keeps the process alive. */
  start(intervalMs: number, onError: (err: unknown) => void): void {
    this.stopTimer();
    this.timer = setInterval(() => void this.flush().catch(onError), intervalMs).unref();
  }

  /** Stops the timer and writes what is pending: on close, before the database closes. */
  async stop(onError: (err: unknown) => void): Promise<void> {
    this.stopTimer();
    await this.flush().catch(onError);
  }

  /** Writes what is pending; flushes run one after the other, and one that failed does not stop the next. */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.write());
    this.flushing = run.catch(() => {});
    return run;
  }

  /** Writes what is pending now; what a failed write took must be kept for the next one. */
  protected abstract write(): Promise<void>;

  private stopTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
