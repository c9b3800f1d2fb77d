import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { built } from '../built.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs the built `lectern` CLI (dist/, kept current by the global setup), as `npx lectern …` does. */
export function runCli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [built('cli/main.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface RunningServer {
  process: ChildProcess;
  url: string;
  stdout: () => string;
  exited: Promise<number | null>;
}

/** Starts the built server (`npm start`: dist/server.js) on a free port and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, [built('server.js')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const match = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
    if (match) return { process: child, url: match[1]!, stdout: () => out, exited };
    if (child.exitCode !== null || Date.now() > deadline) {
      // Never left running behind a failed test.
      child.kill('SIGKILL');
      throw new Error(`server did not start within 20 s (exit ${child.exitCode}):\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One API call to a running server as a client makes it: Bearer key, JSON body; the answer parsed. */
export async function callApi(server: RunningServer, method: 'GET' | 'POST', path: string, key: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}

/** An account (limits out of the way when `limit` is given) and a production key with every scope, through the CLI. */
export function accountKey(env: Record<string, string>, limit?: number): string {
  return accountWithKey(env, limit === undefined ? {} : { hourly: limit, burst: limit }).key;
}

/**
 * An account and a production key with every scope, through the CLI: on the Professional plan, or
 * on a custom plan of `hourly` and `burst` requests when they are given.
 */
export function accountWithKey(env: Record<string, string>, options: { name?: string; hourly?: number; burst?: number }): { accountId: string; key: string } {
  const custom = options.hourly !== undefined;
  const account = runCli(['account', 'create', '--name', options.name ?? 'Process School', '--plan', custom ? 'custom' : 'professional', '--json'], env);
  expect(account.status, account.stderr).toBe(0);
  const { id } = JSON.parse(account.stdout) as { id: string };
  if (custom) {
    const limits = ['--hourly', String(options.hourly), ...(options.burst !== undefined ? ['--burst', String(options.burst)] : [])];
    const plan = runCli(['account', 'set-plan', id, '--plan', 'custom', ...limits, '--json'], env);
    expect(plan.status, plan.stderr).toBe(0);
  }
  const created = runCli(['key', 'create', '--account', id, '--env', 'production', '--name', 'process-test', '--json'], env);
  expect(created.status, created.stderr).toBe(0);
  return { accountId: id, key: (JSON.parse(created.stdout) as { key: string }).key };
}
