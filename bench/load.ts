// Driving one target with autocannon and reducing the result to the figures we report.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface Target {
  name: string;
  baseUrl: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for every request, so each request can hit a different id. */
  nextPath: () => string;
  /** Called for every request when set (request body). */
  nextBody?: () => string;
  /** Called for every request when set: headers added to `headers` (an Idempotency-Key of its own). */
  nextHeaders?: () => Record<string, string>;
}

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Status code -> count, only for non-2xx codes. */
  badStatuses: Record<string, number>;
  /** CPU time of the server process per request (user + system), when its pid was given. */
  cpuMsPerRequest: number | undefined;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; 10 ms ticks, fine
 * over slices of seconds). Unlike latency, load from other processes hardly changes it.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (in parentheses, which may hold spaces): utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function cannon(target: Target, connections: number, durationS: number, amount?: number): autocannon.Instance {
  return autocannon({
    url: target.baseUrl,
    connections,
    duration: durationS,
    ...(amount !== undefined ? { amount } : {}),
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    // setupRequest is used for every target (even static ones) so the client does the same
    // per-request work everywhere and only the server differs between rows.
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: target.nextPath(),
          ...(target.nextBody ? { body: target.nextBody() } : {}),
          ...(target.nextHeaders ? { headers: { ...request.headers, ...target.nextHeaders() } } : {}),
        }),
      },
    ],
  });
}

/**
 * Response times of 2xx responses in ms, at full precision: autocannon's own histogram keeps
 * whole milliseconds only, which turns every sub-millisecond p99 into "0".
 */
class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  /** Nearest-rank percentile (0 < p <= 100), or 0 without samples. */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const sorted = this.values.slice(0, this.count).sort();
    return sorted[Math.min(this.count - 1, Math.ceil((p / 100) * this.count) - 1)] ?? 0;
  }
}

/**
 * Measures one target over several slices of time and adds them up, so that the slices of all
 * targets can be interleaved: a machine whose speed drifts during a run then slows every target
 * alike, and the ratios between targets stay meaningful.
 */
export class LoadAccumulator {
  private readonly latencies = new LatencyRecorder();
  private seconds = 0;
  private requests = 0;
  private non2xx = 0;
  private errors = 0;
  private timeouts = 0;
  private readonly badStatuses: Record<string, number> = {};
  private cpuMs = 0;

  constructor(
    readonly target: Target,
    private readonly connections: number,
    /** The server's pid: its CPU time per request is reported too. */
    private readonly serverPid?: number,
  ) {}

  /** Load that is not counted, to let the server's JIT and caches settle. */
  async warmUp(seconds: number): Promise<void> {
    if (seconds > 0) await cannon(this.target, this.connections, seconds);
  }

  /**
   * Warm-up by requests rather than seconds, at most `maxSeconds`: V8 optimises a function after
   * enough calls, and a slow target (a write) gets few in a few seconds.
   */
  async warmUpRequests(requests: number, maxSeconds: number): Promise<void> {
    if (requests === 0) return;
    // autocannon ignores the duration when given an amount: stopped by hand past maxSeconds.
    const instance = cannon(this.target, this.connections, maxSeconds, requests);
    const timer = setTimeout(() => instance.stop(), maxSeconds * 1000);
    await instance;
    clearTimeout(timer);
  }

  /** One measured slice. */
  async measure(seconds: number): Promise<void> {
    const cpuBefore = this.serverPid === undefined ? 0 : processCpuMs(this.serverPid);
    const instance = cannon(this.target, this.connections, seconds);
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      const status = Number(statusCode);
      if (status >= 200 && status < 300) this.latencies.add(Number(responseTimeMs));
    });
    const result = await instance;
    if (this.serverPid !== undefined) this.cpuMs += processCpuMs(this.serverPid) - cpuBefore;
    this.seconds += Number(result.duration) || seconds;
    this.requests += result.requests.total;
    this.non2xx += result.non2xx;
    this.errors += result.errors;
    this.timeouts += result.timeouts;
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
      if (!code.startsWith('2')) this.badStatuses[code] = (this.badStatuses[code] ?? 0) + Number(stat.count);
    }
  }

  result(): LoadResult {
    return {
      rps: this.seconds > 0 ? this.requests / this.seconds : 0,
      p50Ms: this.latencies.percentile(50),
      p99Ms: this.latencies.percentile(99),
      requests: this.requests,
      non2xx: this.non2xx,
      errors: this.errors,
      timeouts: this.timeouts,
      badStatuses: { ...this.badStatuses },
      cpuMsPerRequest: this.serverPid === undefined || this.requests === 0 ? undefined : this.cpuMs / this.requests,
    };
  }
}

/** A function answering one of `items` at random on each call (a different id per request). */
export function randomPicker(items: readonly string[]): () => string {
  if (items.length === 0) throw new Error('nothing to pick from');
  return () => items[Math.floor(Math.random() * items.length)] as string;
}
