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

/** Warms the target up (results discarded), then measures it. */
export async function runLoad(target: Target, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupS > 0) await cannon(target, options.connections, options.warmupS);
  const result = await cannon(target, options.connections, options.durationS);

  const badStatuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2')) badStatuses[code] = Number(stat.count);
  }
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    badStatuses,
  };
}
