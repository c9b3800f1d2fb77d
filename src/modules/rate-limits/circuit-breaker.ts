/** Where a check goes: to Redis, to local limits, or to local limits while a probe asks Redis. */
export type Route = 'shared' | 'local' | 'probe';

export interface CircuitBreakerOptions {
  /** Milliseconds between probes while open. */
  probeIntervalMs: number;
  /** A monotonic clock in ms (performance.now): not the app's clock, which tests stop. */
  now?: () => number;
  /** Called once when the breaker opens (with the failure) and once when it closes. */
  onOpen: (err: Error) => void;
  onClose: () => void;
}

/**
 * Whether Redis is worth asking. Closed, every check goes to Redis. A failure (a refused or lost
 * connection, an error, a timeout while this process was on time) opens it: checks are decided
 * locally at once instead of each waiting for Redis's timeout. Open, a check every
 * `probeIntervalMs` is also sent to Redis as a probe, one at a time (half-open); its success
 * closes the breaker, its failure keeps it open for another interval.
 *
 * A timeout while this process was itself late (its event loop blocked or kept off the CPU past
 * the deadline: `failedWhileLate`) says nothing of Redis, whose answer may have been waiting
 * unread: it only makes the breaker suspicious. A second consecutive timeout, of a check sent after
 * that one timed out, opens it; an answer to such a check ends the suspicion.
 *
 * Outcomes count only for the period they were sent in (`period` at sending): a check sent before the
 * breaker opened that times out afterwards neither reopens it later nor closes it. The checks that
 * timed out in the same delay of this process are one late timeout, not several.
 */
export class CircuitBreaker {
  private open = false;
  private probing = false;
  /** A check timed out while this process was late: the next timeout opens the breaker. */
  private suspicious = false;
  private nextProbeAt = 0;
  /** Increases whenever the breaker opens or closes, and when it becomes suspicious. */
  private currentPeriod = 0;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get closed(): boolean {
    return !this.open;
  }

  /** The period to pass back with the outcome of something sent now. */
  get period(): number {
    return this.currentPeriod;
  }

  /** Where the next check goes; 'probe' marks a probe in flight until its outcome is reported. */
  route(): Route {
    if (!this.open) return 'shared';
    if (this.probing || this.now() < this.nextProbeAt) return 'local';
    this.probing = true;
    return 'probe';
  }

  /** Redis answered something sent in `period`. */
  succeeded(period: number): void {
    if (period !== this.currentPeriod) return;
    this.probing = false;
    this.suspicious = false;
    if (this.open) this.close();
  }

  /** Redis failed something sent in `period`. */
  failed(period: number, err: Error): void {
    if (period !== this.currentPeriod) return;
    this.probing = false;
    this.suspicious = false;
    this.nextProbeAt = this.now() + this.options.probeIntervalMs;
    if (this.open) return;
    this.open = true;
    this.currentPeriod++;
    this.options.onOpen(err);
  }

  /**
   * Something sent in `period` timed out while this process was late (its timeout fired well after
   * it was due). Closed and not yet suspicious, the breaker stays closed and becomes suspicious, in
   * a new period: the other checks caught in the same delay time out with it and count for nothing.
   * Otherwise (a second consecutive timeout, a probe) it is a failure.
   */
  failedWhileLate(period: number, err: Error): void {
    if (period !== this.currentPeriod) return;
    if (this.open || this.suspicious) return this.failed(period, err);
    this.suspicious = true;
    this.currentPeriod++;
  }

  /** A new connection is ready: whatever was open is closed. */
  close(): void {
    this.suspicious = false;
    if (!this.open) return;
    this.open = false;
    this.probing = false;
    this.currentPeriod++;
    this.options.onClose();
  }
}
