import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../webhook-receiver.js';
import { callApi, type RunningServer, startServer } from './spawn.js';

/**
 * PostgreSQL restarted and hung under load: the server and the worker stay up, answer 503 with
 * Retry-After fast while the database is away, and serve again within seconds of its return.
 *
 * These tests stop and freeze a PostgreSQL server, so they use a cluster of their own
 * (`lectern_outage` on port 5498, created here with pg_createcluster when missing and reused
 * after), never the one TEST_DATABASE_URL points at. They run when TEST_DATABASE_URL is set (a
 * machine with PostgreSQL's server tools), as root or as the postgres user.
 */
const CLUSTER = 'lectern_outage';
const PORT = 5498;
const enabled = Boolean(process.env.TEST_DATABASE_URL) && hasClusterTools();

function hasClusterTools(): boolean {
  try {
    execFileSync('pg_lsclusters', ['--help'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The installed PostgreSQL major version (the newest, as pg_createcluster picks by default). */
function pgVersion(): string {
  return fs
    .readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))[0]!;
}

function ctl(action: 'start' | 'stop'): void {
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', pgVersion(), CLUSTER, action], { stdio: 'pipe' });
}

/** Restarts the cluster without blocking this process: the load's clients run meanwhile. */
async function restart(): Promise<void> {
  await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', pgVersion(), CLUSTER, 'restart']);
}

/** Creates the cluster when missing (trusting local connections, as the test's URL has no password) and starts it. */
function ensureCluster(): void {
  const listed = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  const line = listed.split('\n').find((l) => l.split(/\s+/)[1] === CLUSTER);
  if (!line) {
    execFileSync('pg_createcluster', [pgVersion(), CLUSTER, '-p', String(PORT), '--', '--auth=trust'], { stdio: 'pipe' });
  }
  if (!line || !/\bonline\b/.test(line)) ctl('start');
}

function dataDirectory(): string {
  const line = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .split('\n')
    .find((l) => l.split(/\s+/)[1] === CLUSTER)!;
  return line.split(/\s+/)[5]!;
}

/** The postmaster and every process it started: all of this cluster, none of another. */
function clusterPids(): number[] {
  const postmaster = Number(fs.readFileSync(path.join(dataDirectory(), 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  return [postmaster, ...children];
}

const adminUrl = `postgres://postgres@127.0.0.1:${PORT}/postgres`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitUntilAccepting(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await admin('select 1');
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(100);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  /** ms since the phase began, when the request was sent. */
  at: number;
  ms: number;
  status: number | 'no answer';
  code?: string;
  retryAfter?: string | null;
  error?: string;
}

/** Clients sending requests back to back (and one polling /readyz every 100 ms), recording every answer. */
class Load {
  readonly api: Sample[] = [];
  readonly ready: Sample[] = [];
  private running = true;
  private readonly loops: Promise<void>[];
  readonly started = performance.now();

  constructor(server: RunningServer, key: string, clients: number) {
    const auth = { authorization: `Bearer ${key}` };
    const read = (): Request => new Request(`${server.url}/api/v1/courses?per_page=5`, { headers: auth });
    // One client writes: a transaction (course, event, jobs) cut by the outage must answer 503 too.
    const write = (): Request =>
      new Request(`${server.url}/api/v1/courses`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"title":"Written under load"}' });
    this.loops = Array.from({ length: clients }, (_, i) => this.loop(this.api, i === 0 ? write : read, 0));
    this.loops.push(this.loop(this.ready, () => new Request(`${server.url}/readyz`), 100));
  }

  now(): number {
    return performance.now() - this.started;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(into: Sample[], request: () => Request, pauseMs: number): Promise<void> {
    while (this.running) {
      const at = this.now();
      try {
        const response = await fetch(request(), { signal: AbortSignal.timeout(15_000) });
        const text = await response.text();
        const sample: Sample = { at, ms: this.now() - at, status: response.status < 300 ? 200 : response.status, retryAfter: response.headers.get('retry-after') };
        if (response.status >= 400) sample.code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
        into.push(sample);
      } catch (err) {
        into.push({ at, ms: this.now() - at, status: 'no answer', error: String((err as Error).cause ?? err) });
      }
      if (pauseMs) await sleep(pauseMs);
    }
  }
}

/** Statuses and timings for the report and the assertion messages. */
function describeSamples(samples: Sample[]): string {
  const byStatus: Record<string, { count: number; maxMs: number }> = {};
  for (const s of samples) {
    const entry = (byStatus[String(s.status)] ??= { count: 0, maxMs: 0 });
    entry.count++;
    entry.maxMs = Math.max(entry.maxMs, Math.round(s.ms));
  }
  return JSON.stringify(byStatus);
}

function expectServiceUnavailable(samples: Sample[], withinMs: number, what: string): void {
  for (const s of samples) {
    const message = `${what}: ${JSON.stringify(s)}`;
    expect(s.status, message).toBe(503);
    expect(s.ms, message).toBeLessThan(withinMs);
  }
}

/** A line of the server's log (pino JSON). */
interface LogLine {
  msg: string;
  level: number;
  status?: number;
  route?: string;
  refused?: number;
  reason?: string;
  [field: string]: unknown;
}

/** The server's log lines written since `from` (an offset in its output). */
function logSince(server: RunningServer, from: number): LogLine[] {
  return server
    .stdout()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

const OUTAGE_BEGAN = 'database unavailable: answering 503 until it answers again';
const OUTAGE_ENDED = 'database available again';

/**
 * The log of an outage under load: one line per request (the access log's `request completed`,
 * 503 included), the outage's start once and its end once with the number of requests refused in
 * between, and no line with a stack.
 */
function expectOutageLoggedOnce(lines: LogLine[], report: string): string {
  const counts: Record<string, number> = {};
  for (const line of lines) counts[line.msg] = (counts[line.msg] ?? 0) + 1;
  const completed = lines.filter((l) => l.msg === 'request completed');
  const refused = completed.filter((l) => l.status === 503);
  const began = lines.filter((l) => l.msg === OUTAGE_BEGAN);
  const ended = lines.filter((l) => l.msg === OUTAGE_ENDED);
  const summary = `log lines ${JSON.stringify(counts)}; with a stack: ${lines.filter((l) => JSON.stringify(l).includes('"stack"')).length}; ` +
    `outage lines ${JSON.stringify([...began, ...ended])}`;
  console.log(summary);
  const message = `${summary}; ${report}`;
  expect(refused.length, message).toBeGreaterThan(0);
  expect(lines.filter((l) => JSON.stringify(l).includes('"stack"')), message).toEqual([]);
  expect(lines.filter((l) => l.msg !== 'request completed' && l.msg !== OUTAGE_BEGAN && l.msg !== OUTAGE_ENDED), message).toEqual([]);
  expect(began.length, message).toBe(1);
  expect(ended.length, message).toBe(1);
  expect(lines.indexOf(began[0]!), message).toBeLessThan(lines.indexOf(ended[0]!));
  expect(began[0]!.reason, message).toEqual(expect.any(String));
  // Every request answered 503 during the outage is counted in its end line, and nothing else is.
  expect(ended[0]!.refused, message).toBe(refused.length);
  return summary;
}

function startWorker(env: Record<string, string>): { process: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'worker'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, output: () => out, exited };
}

// Skipped without TEST_DATABASE_URL and the pg_createcluster tools (it stops a PostgreSQL cluster of its own); .ci/run's PostgreSQL suite runs it.
describe.skipIf(!enabled)('PostgreSQL restarted or hung under load', () => {
  const database = `lectern_outage_${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-outage-'));
  // The server runs no jobs (WORKER=off): what the worker test sees delivered, the worker delivered.
  const env = { DATA_DIR: dataDir, DATABASE_URL: `postgres://postgres@127.0.0.1:${PORT}/${database}`, RATE_LIMITS: 'off', WORKER: 'off', WEBHOOK_ALLOW_PRIVATE: 'true' };
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    ensureCluster();
    await waitUntilAccepting();
    await admin(`drop database if exists ${database} with (force)`);
    await admin(`create database ${database}`);
    server = await startServer(env);
    key = /\n {2}(lct_prod_[0-9A-Za-z]{32,})\n/.exec(server.stdout())![1]!;
  }, 60_000);

  afterAll(async () => {
    server?.process.kill('SIGKILL');
    for (const pid of safePids()) process.kill(pid, 'SIGCONT');
    await waitUntilAccepting().catch(() => {});
    await admin(`drop database if exists ${database} with (force)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The cluster stays, stopped, for the next run.
    try {
      ctl('stop');
    } catch {
      // Already stopped.
    }
  }, 60_000);

  it('a restart: 503 service_unavailable with Retry-After within 1 s while it is down, /readyz 503, 2xx again within 5 s of its return', async () => {
    const logStart = server.stdout().length;
    const load = new Load(server, key, 4);
    await sleep(1_000);
    const restartAt = load.now();
    await restart();
    const backAt = load.now();
    await sleep(6_000);
    await load.stop();

    expect(server.process.exitCode, server.stdout().slice(-3000)).toBeNull();
    const during = load.api.filter((s) => s.status !== 200);
    const report = `restart ${Math.round(restartAt)}-${Math.round(backAt)} ms; api ${describeSamples(load.api)}; readyz ${describeSamples(load.ready)}; ` +
      `first 503 ${Math.round(Math.min(...during.map((s) => s.at + s.ms)) - restartAt)} ms after the restart began, ` +
      `last failure ends ${Math.round(Math.max(...during.map((s) => s.at + s.ms)) - backAt)} ms after pg_ctlcluster returned`;
    console.log(report);
    expect(during.length, `the restart made requests fail: ${report}`).toBeGreaterThan(0);
    expectServiceUnavailable(during, 1_000, report);
    for (const s of during) {
      expect(s.code, report).toBe('service_unavailable');
      expect(s.retryAfter, report).toMatch(/^\d+$/);
    }
    expect(load.ready.some((s) => s.status === 503), report).toBe(true);
    expectServiceUnavailable(load.ready.filter((s) => s.status !== 200), 1_000, report);
    // Back to 2xx within 5 s of the cluster accepting connections again, for every client.
    for (const s of [...load.api, ...load.ready].filter((x) => x.at > backAt + 5_000)) expect(s.status, report).toBe(200);
    expect(load.api.filter((s) => s.at > backAt + 5_000).length, report).toBeGreaterThan(0);
    await sleep(300); // the log's batched writes reach stdout
    expectOutageLoggedOnce(logSince(server, logStart), report);
  }, 60_000);

  it('a hung server (its processes stopped for 7 s): 503 within about 2 s, /readyz 503 within about 1 s, 2xx again after it resumes', async () => {
    const logStart = server.stdout().length;
    const load = new Load(server, key, 4);
    await sleep(1_000);
    const pids = clusterPids();
    const stopAt = load.now();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    frozen = pids;
    await sleep(7_000);
    for (const pid of pids) process.kill(pid, 'SIGCONT');
    frozen = [];
    const resumeAt = load.now();
    await sleep(6_000);
    await load.stop();

    expect(server.process.exitCode, server.stdout().slice(-3000)).toBeNull();
    const failures = load.api.filter((s) => s.status !== 200);
    const report = `stopped ${Math.round(stopAt)}-${Math.round(resumeAt)} ms; api ${describeSamples(load.api)}; readyz ${describeSamples(load.ready)}; ` +
      `first 503 ${Math.round(Math.min(...failures.map((s) => s.at + s.ms)) - stopAt)} ms after the stop, last failure ends ${Math.round(Math.max(...failures.map((s) => s.at + s.ms)) - resumeAt)} ms after the resume`;
    console.log(report);
    // Requests sent while it was stopped and whose 2.5 s ran out before it resumed: 503, fast.
    const whileStopped = load.api.filter((s) => s.at > stopAt + 100 && s.at + 2_500 < resumeAt);
    expect(whileStopped.length, report).toBeGreaterThan(4);
    expectServiceUnavailable(whileStopped, 2_500, report);
    const readyWhileStopped = load.ready.filter((s) => s.at > stopAt + 100 && s.at + 1_500 < resumeAt);
    expect(readyWhileStopped.length, report).toBeGreaterThan(0);
    expectServiceUnavailable(readyWhileStopped, 1_500, report);
    for (const s of [...load.api, ...load.ready].filter((x) => x.at > resumeAt + 5_000)) expect(s.status, report).toBe(200);
    expect(load.api.filter((s) => s.at > resumeAt + 5_000).length, report).toBeGreaterThan(0);
    await sleep(300); // the log's batched writes reach stdout
    expectOutageLoggedOnce(logSince(server, logStart), report);
  }, 60_000);

  it('the worker survives a restart and delivers the jobs queued after it', async () => {
    // No polling to speak of: the delivery must come from the LISTEN connection, re-established after the restart.
    const worker = startWorker({ ...env, JOB_POLL_MS: '60000' });
    const receiver = await new WebhookReceiver().start();
    try {
      await waitFor(() => worker.output().includes('Lectern worker is running'), 20_000, `the worker to start:\n${worker.output()}`);
      const endpoint = await callApi(server, 'POST', '/webhook-endpoints', key, { url: receiver.url, events: ['course.created'] });
      expect(endpoint.status, endpoint.text).toBe(201);
      receiver.trust(endpoint.body.data.secret);

      await restart();

      // Queued once PostgreSQL is back; only the worker runs jobs, so the delivery says it survived
      // the restart (and listens again), as its exit code at the end does.
      let created: Awaited<ReturnType<typeof callApi>> | undefined;
      await waitFor(async () => (created = await callApi(server, 'POST', '/courses', key, { title: 'After the restart' })).status === 201, 10_000, 'the server to accept writes');
      await waitFor(() => receiver.deliveries.some((d) => d.body.data.object.id === created!.body.data.id), 10_000, 'the delivery');
      expect(worker.process.exitCode, worker.output().slice(-3000)).toBeNull();
      expect(server.process.exitCode).toBeNull();
    } finally {
      worker.process.kill('SIGTERM');
      expect(await worker.exited, worker.output().slice(-3000)).toBe(0);
      await receiver.close();
    }
  }, 60_000);

  it('SIGTERM while the server is hung: the connections it does not let end are dropped, and the process exits 0 within seconds', async () => {
    // A server of its own; its writes of the request's usage are done before the freeze (KEY_USAGE_FLUSH_MS).
    const stopping = await startServer({ ...env, KEY_USAGE_FLUSH_MS: '100' });
    let pids: number[] = [];
    try {
      // Connections of every kind open: the pool's, a pipelined one (the key's read), the LISTEN one (the key cache).
      const listed = await callApi(stopping, 'GET', '/courses?per_page=1', key);
      expect(listed.status, listed.text).toBe(200);
      await sleep(500);
      pids = clusterPids();
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      frozen = pids;
      const signalAt = performance.now();
      stopping.process.kill('SIGTERM');
      const exitCode = await Promise.race([stopping.exited, sleep(10_000).then(() => 'still running')]);
      const exitMs = performance.now() - signalAt;
      const log = stopping.stdout();
      const report = `exit ${exitCode} after ${Math.round(exitMs)} ms\n${log.slice(-3000)}`;
      console.log(`exit ${exitCode} after ${Math.round(exitMs)} ms`, logSince(stopping, 0).filter((l) => l.msg !== 'request completed').slice(-4).map((l) => `${String(l.time)} ${l.msg}`));
      expect(exitCode, report).toBe(0);
      // About 2 s: the 1 s grace of the test's idle keep-alive connection, then 500 ms for the LISTEN
      // connection's end and 500 ms for the others'. Without the bound: exit 1 after SHUTDOWN_TIMEOUT_MS (10 s).
      expect(exitMs, report).toBeLessThan(4_000);
      expect(log, report).toContain('PostgreSQL did not answer on close');
      expect(log, report).not.toContain('shutdown timed out');
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
      frozen = [];
      stopping.process.kill('SIGKILL');
    }
    await waitUntilAccepting();
  }, 60_000);
});

/** Processes frozen by the hang test, thawed by afterAll should the test fail midway. */
let frozen: number[] = [];
function safePids(): number[] {
  return frozen;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}
