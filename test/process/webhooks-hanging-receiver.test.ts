import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { HangingReceiver } from '../webhook-receiver.js';
import { accountKey, callApi as call, type RunningServer, startServer } from './spawn.js';

/**
 * One school's broken receiver must not hold up another's webhooks (issue 18). One endpoint's
 * receiver accepts connections and never answers; another, healthy, subscribes to the same events.
 * With the default timeout (WEBHOOK_TIMEOUT_MS, 10 s) every attempt to the first holds its delivery
 * slot for 10 s: the healthy endpoint's deliveries must still arrive within 2 s of their events, and
 * the hanging receiver never sees more requests at once than the per-endpoint cap allows.
 */

const EVENTS = 16;
/** The default of WEBHOOK_ENDPOINT_CONCURRENCY. */
const PER_ENDPOINT = 2;
/** The default of WEBHOOK_TIMEOUT_MS. */
const SENDER_TIMEOUT_MS = 10_000;

/** Answers 204 at once and notes, per event, how long after the event's creation it arrived. */
class HealthyReceiver {
  readonly latencies = new Map<string, number>();
  url = '';
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrived = Date.now();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; created_at: string };
      // The server stamps created_at with the clock of this same machine.
      if (!this.latencies.has(event.id)) this.latencies.set(event.id, arrived - Date.parse(event.created_at));
      res.writeHead(204).end();
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

async function server(env: Record<string, string>): Promise<RunningServer> {
  const started = await startServer(env);
  cleanups.push(async () => {
    if (started.process.exitCode === null && started.process.signalCode === null) started.process.kill('SIGKILL');
    await started.exited;
  });
  return started;
}

describe.each(testDialects())('a receiver that hangs does not delay another endpoint [%s]', (dialect) => {
  // SQLite: one process. PostgreSQL: two, both delivering from the one queue.
  const processes = dialect === 'sqlite' ? 1 : 2;

  it(`${EVENTS} events to a hanging endpoint and a healthy one: the healthy one's arrive within 2 s (p99); the hanging one never has more than ${PER_ENDPOINT} requests at once per process`, async () => {
    const { env, drop } = await freshDatabaseEnv(dialect);
    cleanups.push(drop);
    const key = accountKey(env, 1_000_000);
    const hanging = await new HangingReceiver(SENDER_TIMEOUT_MS).start();
    cleanups.push(() => hanging.close());
    const healthy = await new HealthyReceiver().start();
    cleanups.push(() => healthy.close());
    const settings = { ...env, WEBHOOK_ALLOW_PRIVATE: 'true', JOB_POLL_MS: '100' };
    const servers: RunningServer[] = [];
    for (let i = 0; i < processes; i++) servers.push(await server(settings));

    // The hanging endpoint first, so that its deliveries of each event are the older ones.
    for (const receiver of [hanging, healthy]) {
      const created = await call(servers[0]!, 'POST', '/webhook-endpoints', key, { url: receiver.url, events: ['course.created'] });
      expect(created.status, created.text).toBe(201);
    }
    for (let i = 0; i < EVENTS; i++) {
      const created = await call(servers[i % processes]!, 'POST', '/courses', key, { title: `Course ${i}` });
      expect(created.status, created.text).toBe(201);
    }

    await waitFor(() => healthy.latencies.size >= EVENTS, 60_000, () => `${EVENTS} deliveries to the healthy endpoint (have ${healthy.latencies.size})`);
    const sorted = [...healthy.latencies.values()].sort((a, b) => a - b);
    const figures = { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
    console.log(
      `[${dialect}, ${processes} process(es)] healthy endpoint, ms from event to arrival: p50 ${figures.p50}, p99 ${figures.p99}, max ${figures.max}; ` +
        `hanging receiver: ${hanging.connections} connections, at most ${hanging.maxOpen} at once`,
    );
    expect(figures.p99, `healthy latencies ${sorted.join(', ')}`).toBeLessThan(2_000);
    expect(hanging.connections, 'the hanging endpoint is attempted meanwhile').toBeGreaterThan(0);
    expect(hanging.maxOpen).toBeLessThanOrEqual(PER_ENDPOINT * processes);
  }, 120_000);
});
