import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { runCommand } from '../../src/cli/program.js';
import { loadConfig } from '../../src/config.js';
import { type Database, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { currentToolKey, publishedJwks } from '../../src/modules/lti/tool-keys.service.js';
import { systemClock } from '../../src/shared/clock.js';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv, setupApp, show, type TestApp } from '../harness.js';

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** Asserts a JWKS of public RS256 signing keys only, and answers their kids in order. */
function publicKids(jwks: { keys: object[] }): string[] {
  const keys = jwks.keys as Record<string, unknown>[];
  for (const key of keys) {
    expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    // 2048 bits: 256 bytes of modulus, 342 base64url characters.
    expect((key.n as string).length).toBe(342);
    for (const member of PRIVATE_MEMBERS) expect(key).not.toHaveProperty(member);
  }
  return keys.map((k) => k.kid as string);
}

describe.each(testDialects())('LTI tool keys and JWKS [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  it('publishes the current key at /lti/jwks and /.well-known/jwks.json, without a key, cacheable, public parts only', async () => {
    const responses = [await t.request({ url: '/lti/jwks', key: null }), await t.request({ url: '/.well-known/jwks.json', key: null })];
    for (const response of responses) {
      expect(response.status, show(response)).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.text).not.toMatch(/"(d|p|q|dp|dq|qi)"/);
    }
    expect(responses[1]!.body).toEqual(responses[0]!.body);
    const kids = publicKids(responses[0]!.body);
    expect(kids).toHaveLength(1);
    expect((await currentToolKey(t.ctx)).kid).toBe(kids[0]);
  });

  it('signs with the current key what the published JWKS verifies', async () => {
    const key = await currentToolKey(t.ctx);
    expect(key.alg).toBe('RS256');
    const token = await new SignJWT({ 'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse' })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer('client-1')
      .setAudience('https://lms.example.com')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key.privateKey);
    const jwks = createLocalJWKSet((await t.request({ url: '/lti/jwks', key: null })).body);
    const verified = await jwtVerify(token, jwks, { algorithms: ['RS256'], issuer: 'client-1', audience: 'https://lms.example.com' });
    expect(verified.protectedHeader.kid).toBe(key.kid);
    expect(decodeProtectedHeader(token).alg).toBe('RS256');
  });

  it('makes one current key when many ask for it at once, also over separate connections (as processes do)', async () => {
    const env = await freshDatabaseEnv(dialect);
    const databases: Database[] = [];
    try {
      for (let i = 0; i < 3; i++) databases.push(openDatabase({ databaseUrl: env.env.DATABASE_URL, dataDir: env.env.DATA_DIR!, poolSize: 2 }));
      await migrateToLatest(databases[0]!);
      const keys = await Promise.all(databases.flatMap((db) => [currentToolKey({ db, clock: systemClock }), currentToolKey({ db, clock: systemClock })]));
      expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
      const jwks = await publishedJwks({ db: databases[1]!, clock: systemClock });
      expect(publicKids(jwks)).toEqual([keys[0]!.kid]);
      const rows = await databases[0]!.selectFrom('lti_tool_keys').select(['kid', 'state']).execute();
      expect(rows).toEqual([{ kid: keys[0]!.kid, state: 'current' }]);
    } finally {
      for (const db of databases) await db.close();
      await env.drop();
    }
  });
});

describe.each(testDialects())('lectern lti rotate-key [%s]', (dialect) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jwks: () => Promise<{ kids: string[]; signingKid: string }>;
  beforeAll(async () => {
    ({ env, drop } = await freshDatabaseEnv(dialect));
    database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR!, poolSize: 2 });
    await migrateToLatest(database);
    const server = await buildApp({ config: loadConfig({ ...env, WORKER: 'off' }), database });
    app = server;
    await server.ready();
    jwks = async () => {
      const response = await server.inject({ url: '/lti/jwks' });
      expect(response.statusCode, response.body).toBe(200);
      return { kids: publicKids(JSON.parse(response.body)), signingKid: (await currentToolKey({ db: database, clock: systemClock })).kid };
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
  });

  const rotate = async (json: boolean) => {
    let stdout = '';
    let stderr = '';
    const status = await runCommand(['lti', 'rotate-key', ...(json ? ['--json'] : [])], { out: (s) => (stdout += s), err: (s) => (stderr += s), env });
    expect(status, `exit ${status}\nstdout: ${stdout}\nstderr: ${stderr}`).toBe(0);
    expect(stderr).toBe('');
    return stdout;
  };

  it('makes a new current key, keeps the old one published as previous, and retires it on the next rotation', async () => {
    const first = await jwks();
    expect(first.kids).toEqual([first.signingKid]);

    const once = JSON.parse(await rotate(true));
    expect(once).toEqual({ kid: expect.any(String), previous_kid: first.signingKid, retired_kid: null });
    const second = await jwks();
    expect(second.signingKid).toBe(once.kid);
    expect(second.kids).toEqual([once.kid, first.signingKid]);

    const text = await rotate(false);
    expect(text).toContain('New current key: ');
    expect(text).toContain(`Previous key (still published): ${once.kid}`);
    expect(text).toContain(`Retired (no longer published): ${first.signingKid}`);
    const third = await jwks();
    expect(third.kids).toHaveLength(2);
    expect(third.kids[1]).toBe(once.kid);
    expect(third.kids).not.toContain(first.signingKid);
    expect(third.signingKid).toBe(third.kids[0]);

    const states = await database.selectFrom('lti_tool_keys').select(['kid', 'state', 'retired_at']).orderBy('created_at').orderBy('kid').execute();
    expect(states.find((k) => k.kid === first.signingKid)).toMatchObject({ state: 'retired', retired_at: expect.any(String) });
    expect(states.filter((k) => k.state === 'current')).toHaveLength(1);
  });

  it('rotates on a database that has no key yet: the new key is the first', async () => {
    const fresh = await freshDatabaseEnv(dialect);
    try {
      let stdout = '';
      const status = await runCommand(['lti', 'rotate-key', '--json'], { out: (s) => (stdout += s), err: () => {}, env: fresh.env });
      expect(status).toBe(0);
      expect(JSON.parse(stdout)).toEqual({ kid: expect.any(String), previous_kid: null, retired_kid: null });
    } finally {
      await fresh.drop();
    }
  });
});
