import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One sample line of the exposition, as prom-client's registry renders it. */
interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

interface Series {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); the last slot is +Inf. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * Request counts and latencies by method, route pattern and status. The hot path only adds to
 * plain numbers of one series; prom-client's per-observation label hashing costs a cheap request
 * a share of its throughput (bench/README.md, "Figures behind the code"). Series are found by route, then method, then status: the route and
 * method strings are the same objects request after request (their hashes are cached), so nothing
 * is built to find one. The Prometheus text is built when scraped. Requests are recorded when
 * they complete, by the app's log controller (request-context.ts).
 */
export class RequestStats {
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();
  private readonly series: Series[] = [];

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, buckets: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.series.push(series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  reset(): void {
    this.byRoute.clear();
    this.series.length = 0;
  }

  counter(name: string, help: string) {
    return this.metric(name, help, 'counter', () => this.series.map((s) => ({ labels: s.labels, value: s.count })));
  }

  histogram(name: string, help: string) {
    return this.metric(name, help, 'histogram', () => {
      const values: Sample[] = [];
      for (const s of this.series) {
        let cumulative = 0;
        BUCKETS.forEach((le, i) => {
          cumulative += s.buckets[i]!;
          values.push({ metricName: `${name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
        });
        values.push({ metricName: `${name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
        values.push({ metricName: `${name}_sum`, labels: s.labels, value: s.sum });
        values.push({ metricName: `${name}_count`, labels: s.labels, value: s.count });
      }
      return values;
    });
  }

  /** A metric in the shape prom-client's registry renders. */
  private metric(name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) {
    return {
      name,
      help,
      type,
      aggregator: 'sum' as const,
      get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }),
      reset: () => this.reset(),
    };
  }
}

/** A process's resident memory by kind, in bytes. */
export interface ResidentMemory {
  /** VmRSS: all of it, what `ps` and prom-client's process_resident_memory_bytes show. */
  total: number;
  /** RssAnon: the heap, V8's and native (SQLite's page cache included); freed only by the process. */
  anonymous: number;
  /** RssFile: file pages mapped by the process (code, and SQLite's mmap of the database): page cache the kernel reclaims under pressure. */
  file: number;
  /** RssShmem: shared memory. */
  shmem: number;
}

const statusFields = { VmRSS: 'total', RssAnon: 'anonymous', RssFile: 'file', RssShmem: 'shmem' } as const;

/** The resident memory of a process (this one by default) from /proc/<pid>/status; undefined where there is no such file (not Linux). */
export function residentMemory(pid: number | 'self' = 'self'): ResidentMemory | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const memory: Partial<ResidentMemory> = {};
  for (const match of status.matchAll(/^(VmRSS|RssAnon|RssFile|RssShmem):\s+(\d+) kB$/gm)) {
    memory[statusFields[match[1] as keyof typeof statusFields]] = Number(match[2]) * 1024;
  }
  const { total, anonymous, file, shmem } = memory;
  return total === undefined || anonymous === undefined || file === undefined ? undefined : { total, anonymous, file, shmem: shmem ?? 0 };
}

/**
 * Resident memory by kind, read from /proc when scraped (absent where /proc is not). The total
 * alone misleads on SQLite: the database file mapped by its connections (mmap_size) counts in it,
 * though the kernel takes those pages back whenever it needs them (docs/operations.md).
 */
function registerResidentMemory(registry: Registry): void {
  if (!residentMemory()) return;
  const gauges: [name: string, help: string, kind: keyof ResidentMemory][] = [
    ['lectern_process_resident_anonymous_bytes', 'Resident anonymous memory (heap, V8 and native, SQLite page cache) in bytes: what the process holds', 'anonymous'],
    ['lectern_process_resident_file_bytes', 'Resident file-backed memory (code, the SQLite database file mapped) in bytes: page cache the kernel can reclaim', 'file'],
    ['lectern_process_resident_shmem_bytes', 'Resident shared memory in bytes', 'shmem'],
  ];
  for (const [name, help, kind] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const memory = residentMemory();
        if (memory) this.set(memory[kind]);
      },
    });
  }
}

/** Prometheus metrics: request counts and latency by route and status, plus process metrics. */
export const metricsPlugin = fp<{ processMetrics: boolean; requestStats: RequestStats }>(
  async (app: FastifyInstance, options) => {
    const registry = new Registry();
    if (options.processMetrics) collectDefaultMetrics({ register: registry });
    // Read only when scraped, so every app has them (tests included).
    registerResidentMemory(registry);
    const stats = options.requestStats;
    registry.registerMetric(stats.counter('lectern_http_requests_total', 'HTTP requests answered, by method, route and status') as never);
    registry.registerMetric(
      stats.histogram('lectern_http_request_duration_seconds', 'HTTP request latency in seconds, by method, route and status') as never,
    );
    app.decorate('metrics', registry);
  },
  { name: 'metrics' },
);
