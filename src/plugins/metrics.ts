import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** Prometheus metrics: request counts and latency by route and status, plus process metrics. */
export const metricsPlugin = fp<{ processMetrics: boolean }>(
  async (app: FastifyInstance, options) => {
    const registry = new Registry();
    if (options.processMetrics) collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'lectern_http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'lectern_http_request_duration_seconds',
      help: 'HTTP request latency in seconds, by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    // One labelled child per (method, route, status), looked up by a string instead of
    // prom-client hashing a label object twice per request.
    const children = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, not the URL, keeps label values few.
      const route = request.routeOptions.url ?? 'unmatched';
      const cacheKey = `${request.method} ${reply.statusCode} ${route}`;
      let child = children.get(cacheKey);
      if (!child) {
        const labels = { method: request.method, route, status: String(reply.statusCode) };
        const counter = requests.labels(labels);
        const histogram = duration.labels(labels);
        child = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
        children.set(cacheKey, child);
      }
      child.count();
      child.observe(reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics' },
);
