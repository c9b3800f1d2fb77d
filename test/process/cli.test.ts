import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { runCommand } from '../../src/cli/program.js';
import { runCli, type RunningServer, startServer } from './spawn.js';

/** What a run printed, for assertion messages. */
const shown = (r: { status: number | null; stdout: string; stderr: string }) => `exit ${r.status}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;

/**
 * Runs a command line in this process, as the bin does, with its output captured and `env` as its
 * environment (the spawned bin, runCli, costs seconds a run on a busy machine; a few tests below
 * use it to check what only a process shows: exit codes, and a server's view of the database).
 */
async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const status = await runCommand(args, { out: (text) => (stdout += text), err: (text) => (stderr += text), env });
  return { status, stdout, stderr };
}

describe('lectern: help and usage errors', () => {
  // No command below reaches the database: commander answers or refuses before any action runs.
  const commands = [
    [],
    ['serve'],
    ['worker'],
    ['migrate'],
    ['account'],
    ['account', 'create'],
    ['account', 'set-plan'],
    ['account', 'list'],
    ['key'],
    ['key', 'create'],
    ['key', 'list'],
    ['key', 'revoke'],
    ['user'],
    ['user', 'create'],
    ['user', 'link'],
    ['lti'],
    ['lti', 'rotate-key'],
  ];

  it.each(commands.map((c) => [c.join(' ') || '(none)', c] as const))('%s --help: the usage on stdout, exit 0', async (_, command) => {
    const r = await run([...command, '--help']);
    expect(r.status, shown(r)).toBe(0);
    expect(r.stdout).toContain(`Usage: lectern ${command.join(' ')}`.trimEnd());
    expect(r.stderr).toBe('');
  });

  it('lists the commands of the program and of each group', async () => {
    const top = (await run(['--help'])).stdout;
    for (const command of ['serve', 'worker', 'migrate', 'account', 'key', 'user', 'lti']) expect(top).toContain(`  ${command}`);
    const keyHelp = await run(['help', 'key']);
    expect(keyHelp.status).toBe(0);
    expect(keyHelp.stdout).toMatch(/create[\s\S]*list[\s\S]*revoke/);
    expect((await run(['account', '--help'])).stdout).toMatch(/create[\s\S]*set-plan[\s\S]*list/);
    expect((await run(['key', 'list', '--help'])).stdout).toContain('--account <id>');
  });

  const usageErrors: [string[], string][] = [
    [[], 'Usage: lectern'],
    [['nope'], "unknown command 'nope'"],
    [['account'], 'Usage: lectern account'],
    [['key'], 'Usage: lectern key'],
    [['account', 'create', '--name', 'X', '--plan', 'gold'], "argument 'gold' is invalid. Allowed choices are starter, professional, enterprise, custom"],
    [['account', 'create', '--plan', 'starter'], "required option '--name <name>' not specified"],
    [['account', 'create', '--name', 'X', '--plan', 'starter', '--bogus'], "unknown option '--bogus'"],
    [['account', 'set-plan', 'acc_x', '--plan', 'custom', '--hourly', '0'], '--hourly must be a whole number from 1'],
    [['account', 'set-plan', 'acc_x', '--plan', 'custom', '--burst', '2.5'], '--burst must be a whole number from 1'],
    [['account', 'set-plan', '--plan', 'custom'], "missing required argument 'id'"],
    [['account', 'list', 'extra'], 'too many arguments'],
    [['key', 'create', '--account', 'acc_x', '--env', 'prod', '--name', 'x'], 'Allowed choices are production, development, staging'],
    [['key', 'create', '--account', 'acc_x', '--env', 'production', '--name', 'x', '--scopes', 'courses:read,nope'], 'Unknown scopes: nope'],
    [['key', 'create', '--env', 'production', '--name', 'x'], "required option '--account <id>' not specified"],
    [['key', 'list'], "required option '--account <id>' not specified"],
    [['key', 'list', '--account'], "option '--account <id>' argument missing"],
    [['key', 'revoke'], "missing required argument 'id'"],
    [['migrate', 'now'], 'too many arguments'],
    [['user'], 'Usage: lectern user'],
    [['user', 'create', '--email', 'a@example.com'], "required option '--account <id>' not specified"],
    [['user', 'create', '--account', 'acc_x'], "required option '--email <email>' not specified"],
    [['user', 'create', '--account', 'acc_x', '--email', 'a@example.com', '--role', 'admin'], 'Allowed choices are owner, developer, viewer'],
    [['lti'], 'Usage: lectern lti'],
    [['lti', 'rotate-key', 'now'], 'too many arguments'],
    [['key', 'create', '--account', 'acc_x', '--env', 'production', '--name', 'x', '--scopes', 'lti:read,lti:admin'], 'Unknown scopes: lti:admin'],
  ];

  it.each(usageErrors.map(([args, message]) => [args.join(' ') || '(none)', args, message] as const))(
    '%s: exit 2, the problem and the help on stderr, nothing on stdout',
    async (_, args, message) => {
      const r = await run(args);
      expect(r.status, shown(r)).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain('Usage: lectern');
    },
  );

  it('the bin exits with those codes: 0 for --help, 2 for a usage error', { timeout: 180_000 }, () => {
    const env = { DATA_DIR: path.join(os.tmpdir(), 'lectern-cli-never-created') };
    const help = runCli(['key', 'revoke', '--help'], env);
    expect(help.status, shown(help)).toBe(0);
    expect(help.stdout).toContain('Usage: lectern key revoke');
    const usage = runCli(['account', 'create', '--name', 'X', '--plan', 'gold', '--json'], env);
    expect(usage.status, shown(usage)).toBe(2);
    expect(usage.stdout).toBe('');
    expect(usage.stderr).toContain("lectern: option '--plan <plan>' argument 'gold' is invalid");
    expect(fs.existsSync(env.DATA_DIR), 'no usage error opened the database').toBe(false);
  });
});

describe.each(testDialects())('lectern on a database [%s]', (dialect) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let server: RunningServer;
  beforeAll(async () => {
    ({ env, drop } = await freshDatabaseEnv(dialect));
    server = await startServer(env);
  }, 120_000);
  afterAll(async () => {
    server.process.kill('SIGKILL');
    await server.exited;
    await drop();
  });

  /** Runs a command that must succeed with --json (in this process); answers its one JSON object. */
  const json = async (args: string[]) => {
    const r = await run([...args, '--json'], env);
    expect(r.status, shown(r)).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.endsWith('\n') && r.stdout.trim().split('\n').length === 1, `one line of JSON: ${r.stdout}`).toBe(true);
    return JSON.parse(r.stdout);
  };
  const get = (key: string) => fetch(`${server.url}/api/v1/courses`, { headers: { authorization: `Bearer ${key}` } });
  const keyFields = ['created_at', 'environment', 'expires_at', 'id', 'key_hint', 'last_used_at', 'name', 'previous_key_expires_at', 'previous_key_hint', 'revoked_at', 'scopes'];

  it('prints the demo account id in the first-start banner; the CLI lists that account and its key', { timeout: 180_000 }, () => {
    const out = server.stdout();
    const accountId = /\n {2}Account: (acc_[0-9a-z]{26})\n/.exec(out)?.[1];
    const key = /\n {2}(lct_prod_[0-9A-Za-z]{40})\n/.exec(out)?.[1];
    expect(accountId, out).toBeDefined();
    expect(key, out).toBeDefined();
    expect(out).toContain(`npx lectern key list --account ${accountId}`);
    // The bin itself, as an operator runs it.
    const accounts = runCli(['account', 'list', '--json'], env);
    expect(accounts.status, shown(accounts)).toBe(0);
    expect(Object.keys(JSON.parse(accounts.stdout))).toEqual(['data']);
    expect(JSON.parse(accounts.stdout).data).toContainEqual(expect.objectContaining({ id: accountId, name: 'Demo School', plan: 'professional', hourly_limit: null }));
    const listed = runCli(['key', 'list', '--account', accountId!, '--json'], env);
    expect(listed.status, shown(listed)).toBe(0);
    expect(listed.stdout).not.toContain(key!);
    const keys = JSON.parse(listed.stdout).data;
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0]).sort()).toEqual(keyFields);
    expect(keys[0]).toMatchObject({ environment: 'production', scopes: ['*'], key_hint: `lct_prod_${key!.slice(9, 13)}…${key!.slice(-4)}`, revoked_at: null });
  });

  it('account list and key list: a table for people, {"data": [...]} with --json', async () => {
    const { id } = await json(['account', 'create', '--name', 'List School', '--plan', 'custom', '--email', 'ops@list.test']);
    expect(await json(['account', 'set-plan', id, '--plan', 'custom', '--hourly', '500', '--search-hourly', '9'])).toEqual({ id, plan: 'custom' });
    const table = await run(['account', 'list'], env);
    expect(table.status, shown(table)).toBe(0);
    expect(table.stdout).toMatch(/^ID +NAME +PLAN +EMAIL +LIMITS +CREATED\n/);
    expect(table.stdout.split('\n').find((line) => line.startsWith(id))).toMatch(/List School +custom +ops@list\.test +hourly=500,search=9 +\d{4}-/);
    expect((await json(['account', 'list'])).data).toContainEqual(expect.objectContaining({ id, hourly_limit: 500, search_hourly_limit: 9, burst_limit: null }));

    expect((await run(['key', 'list', '--account', id], env)).stdout).toBe(`Account ${id} has no keys.\n`);
    expect(await json(['key', 'list', '--account', id])).toEqual({ data: [] });
    const prod = await json(['key', 'create', '--account', id, '--env', 'production', '--name', 'LMS sync', '--scopes', 'courses:read,students:read']);
    const dev = await json(['key', 'create', '--account', id, '--env', 'development', '--name', 'laptop']);
    expect(Object.keys(prod).sort()).toEqual(['id', 'key']);
    const keys = (await json(['key', 'list', '--account', id])).data;
    expect(keys.map((k: { id: string }) => k.id)).toEqual([prod.id, dev.id]);
    expect(keys[0]).toMatchObject({ name: 'LMS sync', environment: 'production', scopes: ['courses:read', 'students:read'], key_hint: `lct_prod_${prod.key.slice(9, 13)}…${prod.key.slice(-4)}` });
    expect(keys[1]).toMatchObject({ name: 'laptop', environment: 'development', scopes: ['*'], key_hint: `lct_dev_${dev.key.slice(8, 12)}…${dev.key.slice(-4)}` });
    const keyTable = (await run(['key', 'list', '--account', id], env)).stdout;
    expect(keyTable).toMatch(/^ID +NAME +ENV +SCOPES +KEY +CREATED +LAST USED +EXPIRES +REVOKED\n/);
    expect(keyTable).toContain(`lct_prod_${prod.key.slice(9, 13)}…${prod.key.slice(-4)}`);
    for (const secret of [prod.key, dev.key]) expect(keyTable).not.toContain(secret);
  });

  it('key revoke: the key answers 401 over HTTP at once; revoking again changes nothing', { timeout: 180_000 }, async () => {
    const { id: accountId } = await json(['account', 'create', '--name', 'Revoke School', '--plan', 'professional']);
    const { id, key } = await json(['key', 'create', '--account', accountId, '--env', 'production', '--name', 'leaked']);
    const other = await json(['key', 'create', '--account', accountId, '--env', 'production', '--name', 'kept']);
    expect((await get(key)).status).toBe(200);
    // The bin, in its own process, while the server runs.
    const r = runCli(['key', 'revoke', id, '--json'], env);
    expect(r.status, shown(r)).toBe(0);
    const revoked = JSON.parse(r.stdout);
    expect(Object.keys(revoked).sort()).toEqual(keyFields);
    expect(revoked).toMatchObject({ id, name: 'leaked', revoked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const refused = await get(key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    expect((await get(other.key)).status, "the account's other key still works").toBe(200);
    const again = await run(['key', 'revoke', id], env);
    expect(again.status, shown(again)).toBe(0);
    expect(again.stdout).toBe(`Key ${id} was already revoked at ${revoked.revoked_at}\n`);
    expect((await json(['key', 'list', '--account', accountId])).data.find((k: { id: string }) => k.id === id).revoked_at).toBe(revoked.revoked_at);
    const text = await run(['key', 'revoke', other.id], env);
    expect(text.stdout).toBe(`Revoked key ${other.id} (kept, production)\n`);
    expect((await get(other.key)).status).toBe(401);
  });

  it('answers runtime failures with exit 1 and one line on stderr', { timeout: 180_000 }, async () => {
    const cases: [string[], string][] = [
      [['key', 'list', '--account', 'acc_nope'], 'lectern: Account acc_nope not found\n'],
      [['key', 'revoke', 'key_nope', '--json'], 'lectern: API key key_nope not found\n'],
      [['account', 'set-plan', 'acc_nope', '--plan', 'enterprise', '--json'], 'lectern: Account acc_nope not found\n'],
      [['key', 'create', '--account', 'acc_nope', '--env', 'production', '--name', 'x', '--json'], 'lectern: Account acc_nope not found\n'],
    ];
    for (const [args, stderr] of cases) {
      const r = await run(args, env);
      expect(r.status, `lectern ${args.join(' ')}\n${shown(r)}`).toBe(1);
      expect(r.stderr).toBe(stderr);
      expect(r.stdout).toBe('');
    }
    const bin = runCli(['key', 'revoke', 'key_nope'], env);
    expect(bin.status, shown(bin)).toBe(1);
    expect(bin.stderr).toBe('lectern: API key key_nope not found\n');
    expect(bin.stdout).toBe('');
  });
});
