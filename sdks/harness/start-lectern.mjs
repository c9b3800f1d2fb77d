#!/usr/bin/env node
// Starts a real Lectern for the official libraries' tests, on the embedded default (SQLite in a
// temporary folder), from the built service (`npm ci` builds dist/). Prints one JSON line on stdout:
//   {"base_url": "http://127.0.0.1:PORT/api/v1", "key": "lct_prod_…", "limited_key": "lct_prod_…"}
// `key` belongs to an enterprise account; `limited_key` to a custom plan with a burst of 3 requests
// a minute (so a test can force a 429 and see it retried after Retry-After). Webhook endpoints may
// point at 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE). The server stops, and its folder is removed, when this
// process's stdin closes or it gets SIGTERM/SIGINT. Usage from any language: spawn
// `node sdks/harness/start-lectern.mjs`, read the first line, close stdin when done.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const server = path.join(root, 'dist/server.js');
const cliMain = path.join(root, 'dist/cli/main.js');
if (!existsSync(server)) fail(`${server} is missing: run npm run build in ${root}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-sdk-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,2',
};

function fail(message) {
  process.stderr.write(`start-lectern: ${message}\n`);
  process.exit(1);
}

function cli(args) {
  const result = spawnSync(process.execPath, [cliMain, ...args, '--json'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) fail(`lectern ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}

function keyOf(accountId, name) {
  return cli(['key', 'create', '--account', accountId, '--env', 'production', '--name', name]).key;
}

const main = cli(['account', 'create', '--name', 'SDK tests', '--plan', 'enterprise']);
const limited = cli(['account', 'create', '--name', 'SDK tests (burst of 3)', '--plan', 'custom']);
cli(['account', 'set-plan', limited.id, '--plan', 'custom', '--hourly', '1000', '--burst', '3', '--export-hourly', '10', '--bulk-hourly', '20', '--search-hourly', '100']);
const keys = { key: keyOf(main.id, 'sdk'), limited_key: keyOf(limited.id, 'sdk limited') };

const child = spawn(process.execPath, [server], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
let announced = false;
const onOutput = (chunk) => {
  if (announced) return;
  log += chunk.toString();
  const match = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(log);
  if (match) {
    announced = true;
    log = '';
    process.stdout.write(`${JSON.stringify({ base_url: `${match[1]}/api/v1`, ...keys })}\n`);
  }
};
child.stdout.on('data', onOutput);
child.stderr.on('data', onOutput);
const startDeadline = setTimeout(() => {
  if (!announced) {
    child.kill('SIGKILL');
    fail(`the server did not start within 30 s:\n${log}`);
  }
}, 30_000);
startDeadline.unref();

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
}
child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  if (!stopping) fail(`the server exited (${code ?? signal}):\n${log}`);
  process.exit(0);
});
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
