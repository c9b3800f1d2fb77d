import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { callApi as call, runCli, type RunningServer, startServer } from './spawn.js';

/**
 * Revocation and rotation grace hold in every process at once (docs/api.md, "API keys over the API"):
 * two real server processes on one database, a change made through one, checked on both.
 */
describe.each(testDialects())('API key rotation and revocation across two processes [%s]', (dialect) => {
  let drop: () => Promise<void>;
  let a: RunningServer;
  let b: RunningServer;
  let manager: string;

  beforeAll(async () => {
    let env: Record<string, string>;
    ({ env, drop } = await freshDatabaseEnv(dialect));
    // The CLI migrates and creates the account first, so the two servers neither migrate an empty
    // database at once nor each create a demo account. They boot while the CLI creates the key.
    const account = runCli(['account', 'create', '--name', 'Two Process School', '--plan', 'professional', '--json'], env);
    expect(account.status, account.stderr).toBe(0);
    const { id: accountId } = JSON.parse(account.stdout) as { id: string };
    const starting = Promise.all([startServer(env), startServer(env)]);
    const key = runCli(['key', 'create', '--account', accountId, '--env', 'production', '--name', 'manager', '--json'], env);
    [a, b] = await starting;
    expect(key.status, key.stderr).toBe(0);
    manager = (JSON.parse(key.stdout) as { key: string }).key;
  });
  afterAll(async () => {
    for (const server of [a, b]) server?.process.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    await drop?.();
  });

  /** What each process answers for a request with `key`: "200", or "401 invalid_api_key". */
  const answers = async (key: string) => {
    const results = await Promise.all(
      [a, b].map(async (server) => {
        const response = await call(server, 'GET', '/courses', key);
        return response.status === 200 ? '200' : `${response.status} ${response.body?.error?.code}`;
      }),
    );
    return { A: results[0], B: results[1] };
  };
  /**
   * The process that made a change applies it at once; the others when PostgreSQL's announcement of
   * it reaches them (key-cache.ts): the contract is their very next request sent 100 ms after the
   * change's answer. On SQLite every process sees the commit at once; the wait changes nothing there.
   */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  const works = { A: '200', B: '200' };
  const refused = { A: '401 invalid_api_key', B: '401 invalid_api_key' };

  const createKey = async (server: RunningServer, name: string) => {
    const created = await call(server, 'POST', '/api-keys', manager, { name, environment: 'production' });
    expect(created.status, created.text).toBe(201);
    return created.body.data as { id: string; key: string };
  };
  const rotate = async (server: RunningServer, id: string, grace: number) => {
    const rotated = await call(server, 'POST', `/api-keys/${id}/rotate`, manager, { grace_period_seconds: grace });
    expect(rotated.status, rotated.text).toBe(200);
    await settle();
    return rotated.body.data.key as string;
  };

  it('rotated through A with a grace period: old and new secrets work on A and B; revoked through B: neither works anywhere', async () => {
    const { id, key: old } = await createKey(a, 'rotate then revoke');
    expect(await answers(old)).toEqual(works);
    const fresh = await rotate(a, id, 3600);
    expect(await answers(old), 'old secret in its grace period').toEqual(works);
    expect(await answers(fresh), 'new secret').toEqual(works);

    const revoked = await call(b, 'POST', `/api-keys/${id}/revoke`, manager);
    expect(revoked.status, revoked.text).toBe(200);
    await settle();
    expect(await answers(old), 'old secret after revoke').toEqual(refused);
    expect(await answers(fresh), 'new secret after revoke').toEqual(refused);
  });

  it('rotated through B with a 1 s grace: the old secret works on both until the grace ends, then on neither', async () => {
    const { id, key: old } = await createKey(b, 'short grace');
    const fresh = await rotate(b, id, 1);
    // The old secret ends at the server's time of rotation + 1 s (one machine, one clock): no
    // later than answeredAt + 1 s. These checks take milliseconds.
    const answeredAt = Date.now();
    expect(await answers(old), 'old secret within its grace').toEqual(works);
    expect(await answers(fresh)).toEqual(works);

    await new Promise((resolve) => setTimeout(resolve, answeredAt + 1000 + 50 - Date.now()));
    expect(await answers(old), 'old secret after its grace').toEqual(refused);
    expect(await answers(fresh), 'new secret after the old one ended').toEqual(works);
  });

  it('rotated through A with no grace: the old secret is refused at once on both, the new one works', async () => {
    const { id, key: old } = await createKey(a, 'no grace');
    expect(await answers(old)).toEqual(works);
    const fresh = await rotate(a, id, 0);
    expect(await answers(old)).toEqual(refused);
    expect(await answers(fresh)).toEqual(works);
  });
});
