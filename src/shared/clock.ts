/** The service's notion of now; tests inject a controllable one. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

let lastMs = Number.NaN;
let lastIso = '';

/** ISO 8601 UTC with milliseconds, the one timestamp form on the wire and in storage. */
export function toIso(ms: number): string {
  // Most calls within one millisecond ask for the same instant (every request checks "now").
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

export function nowIso(clock: Clock): string {
  return toIso(clock.now());
}

/** A clock that only moves when told, for tests. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}
