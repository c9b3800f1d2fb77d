import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/program.js';
import { openDatabase } from '../../src/db/database.js';
import { signInWithLink } from '../../src/modules/users/users.service.js';
import { systemClock } from '../../src/shared/clock.js';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { runCli, startServer } from './spawn.js';

const shown = (r: { status: number | null; stdout: string; stderr: string }) => `exit ${r.status}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;

/** Runs a command line in this process, as the bin does (test/process/cli.test.ts: a spawned bin costs seconds). */
async function run(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const status = await runCommand(args, { out: (text) => (stdout += text), err: (text) => (stderr += text), env });
  return { status, stdout, stderr };
}

const linkPattern = (base: string) => new RegExp(`^${base.replace(/[.:/]/g, '\\$&')}/console/#/sign-in/([\\w-]{43})$`);

describe.each(testDialects())('lectern user link and the links the CLI prints [%s]', (dialect) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ env, drop } = await freshDatabaseEnv(dialect));
  });
  afterAll(() => drop());

  const json = async (args: string[], extra: Record<string, string> = {}) => {
    const r = await run([...args, '--json'], { ...env, ...extra });
    expect(r.status, shown(r)).toBe(0);
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout);
  };
  /** Whether a link's token signs in (once), as the console's sign-in page would use it. */
  const signsIn = async (url: string) => {
    const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR!, poolSize: 1 });
    try {
      const token = /\/sign-in\/([\w-]{43})$/.exec(url)?.[1] ?? '';
      return (await signInWithLink({ db: database, clock: systemClock }, token)).session.user.email;
    } finally {
      await database.close();
    }
  };

  it('issues a new one-time link for an existing user, on PUBLIC_URL, --base-url or the configured HOST and PORT', async () => {
    const { id: accountId } = await json(['account', 'create', '--name', 'Link School', '--plan', 'professional']);
    const created = await json(['user', 'create', '--account', accountId, '--email', 'lost@link.example', '--role', 'owner'], { PORT: '4567' });
    expect(Object.keys(created).sort()).toEqual(['id', 'sign_in_url']);
    expect(created.sign_in_url, 'the configured PORT, as the server listens on it').toMatch(linkPattern('http://127.0.0.1:4567'));

    const linked = await json(['user', 'link', '--email', 'Lost@Link.example', '--account', accountId], { PUBLIC_URL: 'https://lectern.school.example/' });
    expect(Object.keys(linked)).toEqual(['url']);
    expect(linked.url).toMatch(linkPattern('https://lectern.school.example'));
    expect(await signsIn(linked.url)).toBe('lost@link.example');
    await expect(signsIn(linked.url), 'once only').rejects.toThrow();

    const withBase = await json(['user', 'link', '--email', 'lost@link.example', '--base-url', 'http://console.internal:8080'], { PUBLIC_URL: 'https://lectern.school.example' });
    expect(withBase.url, '--base-url before PUBLIC_URL').toMatch(linkPattern('http://console.internal:8080'));
    expect(await signsIn(created.sign_in_url), "an earlier link still works until used or expired").toBe('lost@link.example');

    const text = await run(['user', 'link', '--email', 'lost@link.example'], { ...env, HOST: '0.0.0.0', PORT: '8081' });
    expect(text.status, shown(text)).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toMatch(/^One-time sign-in link for owner lost@link\.example \(usr_\w+\), valid until \d{4}-\d\d-\d\dT[\d:.]+Z:$/);
    expect(lines[1]).toMatch(linkPattern('http://localhost:8081'));
    expect(text.stdout, 'says how to point links elsewhere').toContain('set PUBLIC_URL, or pass --base-url');
    const text2 = await run(['user', 'link', '--email', 'lost@link.example'], { ...env, PUBLIC_URL: 'https://lectern.school.example' });
    expect(text2.stdout).not.toContain('PUBLIC_URL');
  });

  it('refuses an email nobody has, or a user of another account, with exit 1 and one line', async () => {
    const { id: accountId } = await json(['account', 'create', '--name', 'Other School', '--plan', 'starter']);
    await json(['user', 'create', '--account', accountId, '--email', 'someone@other.example']);
    const cases: [string[], string][] = [
      [['user', 'link', '--email', 'Nobody@Other.example'], 'lectern: No console user has the email nobody@other.example: create one with lectern user create\n'],
      [['user', 'link', '--email', 'someone@other.example', '--account', 'acc_elsewhere', '--json'], 'lectern: No console user has the email someone@other.example in account acc_elsewhere: create one with lectern user create\n'],
    ];
    for (const [args, stderr] of cases) {
      const r = await run(args, env);
      expect(r.status, shown(r)).toBe(1);
      expect(r.stderr).toBe(stderr);
      expect(r.stdout).toBe('');
    }
    const usage = await run(['user', 'link'], env);
    expect(usage.status, shown(usage)).toBe(2);
    expect(usage.stderr).toContain("required option '--email <email>' not specified");
  });

  it('prints the demo owner\'s first sign-in link on PUBLIC_URL at the first start; the bin prints links on it too', { timeout: 180_000 }, async () => {
    const fresh = await freshDatabaseEnv(dialect);
    const server = await startServer({ ...fresh.env, PUBLIC_URL: 'https://lectern.school.example' });
    try {
      const banner = server.stdout();
      const link = /\n {2}(\S+\/console\/#\/sign-in\/\S+)\n/.exec(banner)?.[1];
      expect(link, banner).toMatch(linkPattern('https://lectern.school.example'));
      expect(banner).toContain('npx lectern user link --email owner@demo.example');
      const bin = runCli(['user', 'link', '--email', 'owner@demo.example', '--json'], { ...fresh.env, PUBLIC_URL: 'https://lectern.school.example' });
      expect(bin.status, shown(bin)).toBe(0);
      expect(JSON.parse(bin.stdout).url).toMatch(linkPattern('https://lectern.school.example'));
    } finally {
      server.process.kill('SIGKILL');
      await server.exited;
      await fresh.drop();
    }
  });
});
