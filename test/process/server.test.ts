import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { runCli, type RunningServer, startServer } from './spawn.js';

describe.each(testDialects())('the server process and the CLI [%s]', (dialect) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let server: RunningServer;
  beforeAll(async () => {
    ({ env, drop } = await freshDatabaseEnv(dialect));
    server = await startServer(env);
  });
  afterAll(async () => {
    server.process.kill('SIGKILL');
    await drop();
  });

  it('creates a demo account on first start and prints a working key and curl line once', async () => {
    const out = server.stdout();
    const key = /\n {2}(lct_prod_[0-9A-Za-z]{32,})\n/.exec(out)?.[1];
    expect(key, out).toBeDefined();
    expect(out).toContain(`curl -H "Authorization: Bearer ${key}" ${server.url}/api/v1/courses`);
    const response = await fetch(`${server.url}/api/v1/courses`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['data', 'pagination']);
    // The key appears only in the banner, never in a log line.
    const logLines = out.split('\n').filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(key!);
  });

  it('writes one JSON access-log line per request to stdout within the flush interval', async () => {
    const key = /\n {2}(lct_prod_[0-9A-Za-z]{32,})\n/.exec(server.stdout())![1]!;
    const response = await fetch(`${server.url}/api/v1/courses?per_page=2`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    const deadline = Date.now() + 2_000;
    let line: string | undefined;
    while (!line && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      line = server.stdout().split('\n').find((l) => l.includes(`"request_id":"${requestId}"`));
    }
    expect(line, server.stdout()).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      level: 30,
      msg: 'request completed',
      request_id: requestId,
      method: 'GET',
      url: '/api/v1/courses',
      route: '/api/v1/courses',
      status: 200,
      key_id: expect.stringMatching(/^key_/),
    });
  });

  it('shares the database with the CLI: account create and key create --json print one JSON object', async () => {
    const account = runCli(['account', 'create', '--name', 'Acme Academy', '--plan', 'enterprise', '--email', 'ops@acme.test', '--json'], env);
    expect(account.status, account.stderr).toBe(0);
    const { id } = JSON.parse(account.stdout) as { id: string };
    expect(account.stdout.trim().split('\n')).toHaveLength(1);
    expect(id).toMatch(/^acc_/);

    const created = runCli(['key', 'create', '--account', id, '--env', 'production', '--name', 'ci', '--scopes', 'courses:read', '--json'], env);
    expect(created.status, created.stderr).toBe(0);
    const parsed = JSON.parse(created.stdout) as { id: string; key: string };
    expect(Object.keys(parsed).sort()).toEqual(['id', 'key']);
    expect(parsed.key).toMatch(/^lct_prod_[0-9A-Za-z]{32,}$/);

    const headers = { 'x-api-key': parsed.key, 'content-type': 'application/json' };
    expect((await fetch(`${server.url}/api/v1/courses`, { headers })).status).toBe(200);
    const write = await fetch(`${server.url}/api/v1/courses`, { method: 'POST', headers, body: '{"title":"x"}' });
    expect(write.status).toBe(403);

    const dev = JSON.parse(runCli(['key', 'create', '--account', id, '--env', 'development', '--name', 'dev', '--json'], env).stdout) as { key: string };
    expect(dev.key).toMatch(/^lct_dev_/);

    const downgraded = runCli(['account', 'set-plan', id, '--plan', 'starter', '--json'], env);
    expect(downgraded.status, downgraded.stderr).toBe(0);
    const refused = await fetch(`${server.url}/api/v1/courses`, { headers });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('plan_not_eligible');
  });

  it('account set-plan sets custom limits, which the next request of every key obeys', async () => {
    const { id } = JSON.parse(runCli(['account', 'create', '--name', 'Negotiated', '--plan', 'professional', '--json'], env).stdout) as { id: string };
    const { key } = JSON.parse(runCli(['key', 'create', '--account', id, '--env', 'production', '--name', 'k', '--json'], env).stdout) as { key: string };
    const limits = ['--hourly', '5000', '--burst', '3', '--export-hourly', '4', '--bulk-hourly', '6', '--search-hourly', '7'];
    const set = runCli(['account', 'set-plan', id, '--plan', 'custom', ...limits, '--json'], env);
    expect(set.status, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ id });
    const headers = { authorization: `Bearer ${key}` };
    const budgets = (await (await fetch(`${server.url}/api/v1/rate-limits`, { headers })).json()) as any;
    expect(budgets.data).toMatchObject({
      plan: 'custom',
      hourly: { limit: 5000 },
      burst: { limit: 3, refill_per_minute: 3 },
      endpoints: { export: { limit: 4 }, bulk: { limit: 6 }, search: { limit: 7 } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.url}/api/v1/courses`, { headers })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const zero = runCli(['account', 'set-plan', id, '--plan', 'custom', '--hourly', '0'], env);
    expect(zero.status).toBe(2);
    expect(zero.stderr).toContain('--hourly must be a whole number from 1');
  });

  it('explains bad CLI usage with exit code 2 and unknown accounts with exit code 1', () => {
    const usage = runCli(['account', 'create', '--plan', 'gold'], env);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("argument 'gold' is invalid");
    expect(usage.stdout).toBe('');
    const missing = runCli(['key', 'create', '--account', 'acc_nope', '--env', 'production', '--name', 'x', '--json'], env);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Account acc_nope not found');
    expect(missing.stdout).toBe('');
  });

  it('answers /healthz, /readyz and /metrics without a key', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/lectern_http_requests_total\{method="GET",route="\/api\/v1\/courses",status="200"\} \d+/);
    expect(metrics).toContain('lectern_http_request_duration_seconds_bucket');
    expect(metrics).toContain('process_resident_memory_bytes');
  });

  it('on SIGTERM finishes the in-flight request, then exits 0 and closes the database', async () => {
    const key = /\n {2}(lct_prod_[0-9A-Za-z]{32,})\n/.exec(server.stdout())![1]!;
    const body = JSON.stringify({ title: 'Finished during shutdown' });
    const { port } = new URL(server.url);
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/courses', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      request.on('error', reject);
      // Half the body now: the request is in flight when SIGTERM arrives.
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 200);
    });
    const answered = await response;
    expect(answered.status, answered.body).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('shutting down');
    if (dialect === 'sqlite') {
      // better-sqlite3 checkpoints and removes the WAL file when the database is closed cleanly.
      expect(fs.existsSync(path.join(env.DATA_DIR!, 'lectern.db-wal'))).toBe(false);
    }
    const again = await startServer(env);
    try {
      expect(again.stdout()).not.toContain('demo account');
      const list = await fetch(`${again.url}/api/v1/courses`, { headers: { authorization: `Bearer ${key}` } });
      const titles = ((await list.json()) as { data: { title: string }[] }).data.map((c) => c.title);
      expect(titles).toContain('Finished during shutdown');
    } finally {
      again.process.kill('SIGTERM');
      await again.exited;
    }
  });
});
