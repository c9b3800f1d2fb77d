// Driving one target with autocannon and reducing the result to the figures we report.
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
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
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
}

function cannon(target: Target, connections: number, durationS: number): autocannon.Instance {
  return autocannon({
    url: target.baseUrl,
    connections,
    duration: durationS,
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

/** Warms the target up (results discarded), then measures it. */
export async function runLoad(target: Target, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupS > 0) await cannon(target, options.connections, options.warmupS);

  const latencies = new LatencyRecorder();
  const instance = cannon(target, options.connections, options.durationS);
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    const status = Number(statusCode);
    if (status >= 200 && status < 300) latencies.add(Number(responseTimeMs));
  });
  const result = await instance;

  const badStatuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2')) badStatuses[code] = Number(stat.count);
  }
  return {
    rps: result.requests.average,
    p50Ms: latencies.percentile(50),
    p99Ms: latencies.percentile(99),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    badStatuses,
  };
}
