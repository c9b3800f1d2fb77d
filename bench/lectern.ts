// Preparing the Lectern service under test: build, account + API key through the CLI, seeding.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startServer, stopServer, type ServerHandle } from './servers.js';

export const COURSE_DESCRIPTION =
  'A benchmark course used to measure the Lectern API. It covers the basics of course ' +
  'authoring: modules, lessons, students and enrollments, with enough text to look like ' +
  'a real description.';

/**
 * DATA_DIR (and DATABASE_URL when the rows run on PostgreSQL) plus a reset of settings from the
 * caller's shell that would change what is measured (Postgres instead of the SQLite file the floor
 * reads, Redis and its RATE_LIMIT_MODE, TLS, runtime tunings off); Lectern treats '' as unset.
 */
function lecternEnv(dataDir: string, databaseUrl = ''): Record<string, string> {
  return { DATABASE_URL: databaseUrl, REDIS_URL: '', RATE_LIMIT_MODE: '', TLS_CERT_FILE: '', TLS_KEY_FILE: '', RUNTIME_TUNING: 'on', DATA_DIR: dataDir };
}

/**
 * In production Lectern only serves the API over HTTPS (403 https_required otherwise). The bench
 * talks plain HTTP, like the baselines, and plays a TLS-terminating proxy: Lectern trusts the
 * loopback proxy (TRUST_PROXY) and every API request carries this header.
 */
export const FORWARDED_HTTPS = { 'x-forwarded-proto': 'https' } as const;

/** Runs `npm run build`; its output goes to stderr so stdout stays for the report. */
export function buildProject(root: string): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.error) throw new Error(`npm run build could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  for (const file of ['dist/server.js', 'dist/cli/main.js']) {
    if (!existsSync(join(root, file))) throw new Error(`build did not produce ${file}`);
  }
}

/** Runs the Lectern CLI with `--json` and parses the single JSON line it prints. */
function runCli(root: string, dataDir: string, args: string[], databaseUrl?: string): Record<string, unknown> {
  const result = spawnSync(process.execPath, ['dist/cli/main.js', ...args, '--json'], {
    cwd: root,
    env: { ...process.env, ...lecternEnv(dataDir, databaseUrl) },
    encoding: 'utf8',
  });
  const command = `lectern ${args.join(' ')} --json`;
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  }
  const lastLine = result.stdout.trim().split('\n').at(-1) ?? '';
  try {
    const parsed: unknown = JSON.parse(lastLine);
    if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new Error(`${command} did not print a JSON object:\n${result.stdout}`);
}

function stringField(obj: Record<string, unknown>, field: string, prefix: string): string {
  const value = obj[field];
  if (typeof value !== 'string' || !value.startsWith(prefix)) {
    throw new Error(`expected "${field}" starting with "${prefix}" in ${JSON.stringify(obj)}`);
  }
  return value;
}

/**
 * Creates a custom-plan account and a production API key (in the SQLite file of `dataDir`, or in
 * the PostgreSQL database `databaseUrl`); returns the raw key. The account's limits
 * are far above what the bench sends, so the limiter is measured checking, never refusing.
 */
export function createApiKey(root: string, dataDir: string, databaseUrl?: string): { accountId: string; apiKey: string } {
  const account = runCli(root, dataDir, ['account', 'create', '--name', 'Bench', '--plan', 'custom'], databaseUrl);
  const accountId = stringField(account, 'id', 'acc_');
  const unlimited = String(1_000_000_000);
  runCli(root, dataDir, ['account', 'set-plan', accountId, '--plan', 'custom', '--hourly', unlimited, '--burst', unlimited], databaseUrl);
  const key = runCli(root, dataDir, ['key', 'create', '--account', accountId, '--env', 'production', '--name', 'bench'], databaseUrl);
  stringField(key, 'id', 'key_');
  return { accountId, apiKey: stringField(key, 'key', 'lct_') };
}

/**
 * Starts `node dist/server.js` on a free port: production mode, info logs (discarded), behind a
 * proxy. `env` adds settings (RATE_LIMITS, REDIS_URL, RUNTIME_TUNING) for the variants of a case;
 * `nodeArgs` go to node before the script (`--cpu-prof`).
 */
export async function startLectern(root: string, dataDir: string, host: string, env: Record<string, string> = {}, name = 'lectern', nodeArgs: string[] = []): Promise<ServerHandle> {
  const port = await freePort(host);
  return startServer({
    name,
    command: process.execPath,
    args: [...nodeArgs, 'dist/server.js'],
    cwd: root,
    env: {
      ...lecternEnv(dataDir),
      HOST: host,
      PORT: String(port),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      TRUST_PROXY: host,
      ...env,
    },
    host,
    port,
    readyPath: '/healthz',
    readyTimeoutMs: 30_000,
  });
}

/**
 * Creates `count` published courses through a Lectern server of their own, stopped once they are
 * made, and returns their ids. No measured server seeds: one that served the seeding's creates
 * answers reads 2–4% dearer afterwards (its shared code paths have seen more shapes), which a null
 * A/B whose A seeded showed (bench/README.md, "A/Bs without a seeding server").
 */
export async function seedThroughOwnServer(root: string, dataDir: string, host: string, env: Record<string, string>, apiKey: string, count: number): Promise<string[]> {
  const seeder = await startLectern(root, dataDir, host, env, 'lectern-seeder');
  try {
    return await seedCourses(seeder.baseUrl, apiKey, count);
  } finally {
    await stopServer(seeder);
  }
}

/** Creates `count` published courses through the API, `concurrency` at a time; returns their ids. */
async function seedCourses(
  baseUrl: string,
  apiKey: string,
  count: number,
  concurrency = 8,
): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const n = ++next;
      const res = await fetch(`${baseUrl}/api/v1/courses`, {
        method: 'POST',
        headers: { ...FORWARDED_HTTPS, authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Course ${n}`, description: COURSE_DESCRIPTION, published: true }),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`seeding course ${n}: expected 201, got ${res.status}: ${text}`);
      const id = (JSON.parse(text) as { data?: { id?: unknown } }).data?.id;
      if (typeof id !== 'string' || !id.startsWith('crs_')) {
        throw new Error(`seeding course ${n}: no crs_ id in ${text}`);
      }
      ids.push(id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

/** Settings given on the command line as `NAME=value,NAME=value` (`--b-env`, `--env`). */
export function envOf(spec: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of spec.split(',').filter(Boolean)) {
    const at = pair.indexOf('=');
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}
