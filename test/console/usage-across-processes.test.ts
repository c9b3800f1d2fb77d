import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { callApi, type RunningServer, startServer } from '../process/spawn.js';

/**
 * Usage and the request log across processes sharing one database: each counts in memory and adds
 * its counts on flush (an interval, a read of its own, its shutdown), so the figures add up exactly.
 */
describe.each(testDialects())('usage across processes [%s]', (dialect) => {
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  const servers: RunningServer[] = [];
  let key: string;

  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServer({ ...env, ...extra });
    servers.push(server);
    return server;
  };
  const stop = async (server: RunningServer) => {
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };

  beforeAll(async () => {
    ({ env, drop } = await freshDatabaseEnv(dialect));
    // Flushes only when asked (a read, a shutdown) unless a test says otherwise.
    env = { ...env, KEY_USAGE_FLUSH_MS: '3600000' };
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) if (server.process.exitCode === null) server.process.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await drop?.();
  });

  it('adds up every process\'s counts exactly', async () => {
    const a = await start();
    key = /\s(lct_prod_\w+)\s/.exec(a.stdout())![1]!;
    const b = await start();
    for (let i = 0; i < 30; i++) expect((await callApi(a, 'GET', '/courses', key)).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await callApi(b, 'GET', '/courses', key)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await callApi(b, 'GET', '/courses/crs_00000000000000000000000000', key)).status).toBe(404);
    await stop(b); // its shutdown writes what it counted

    const usage = await callApi(a, 'GET', '/usage', key);
    expect(usage.status, usage.text).toBe(200);
    expect(usage.body.data.totals).toEqual({ requests: 53, status_2xx: 50, status_4xx: 3, status_429: 0, status_5xx: 0 });
    const logs = await callApi(a, 'GET', '/request-logs?status=404', key);
    expect(logs.body.pagination.total).toBe(3);
  });

  it('shows another process\'s requests within its flush interval', async () => {
    const reader = servers[0]!;
    const created = await callApi(reader, 'POST', '/api-keys', key, { name: 'counted elsewhere', environment: 'production' });
    expect(created.status, created.text).toBe(201);
    const c = await start({ KEY_USAGE_FLUSH_MS: '100' });
    for (let i = 0; i < 5; i++) expect((await callApi(c, 'GET', '/courses', created.body.data.key)).status).toBe(200);
    // c writes them on its next flush, without a read or a shutdown of its own; the reader then sees them.
    await expect
      .poll(async () => (await callApi(reader, 'GET', `/usage?key_id=${created.body.data.id}`, key)).body.data.totals.requests, { timeout: 20_000, interval: 50 })
      .toBe(5);
  });
});
