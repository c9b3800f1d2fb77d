import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/shared/clock.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('API key last_used_at [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const use = async (key: string) => {
    const response = await t.request({ url: '/api/v1/courses', key });
    expect(response.status, show(response)).toBe(200);
  };
  const shown = async (keyId: string) => {
    const response = await t.request({ url: `/api/v1/api-keys/${keyId}` });
    expect(response.status, show(response)).toBe(200);
    return response.body.data.last_used_at as string | null;
  };
  const listed = async (keyId: string) => {
    const response = await t.request({ url: '/api/v1/api-keys?per_page=100' });
    expect(response.status, show(response)).toBe(200);
    return (response.body.data as { id: string; last_used_at: string | null }[]).find((k) => k.id === keyId)?.last_used_at;
  };
  const stored = async (keyId: string) =>
    (await t.ctx.db.selectFrom('api_keys').select('last_used_at').where('id', '=', keyId).executeTakeFirstOrThrow()).last_used_at;
  const newKey = () => t.newKey({ accountId: t.accountId });

  it('is null for a fresh key, and stays null for a key never used, also after a flush', async () => {
    const { key, keyId } = await newKey();
    const unused = await newKey();
    expect(await shown(keyId)).toBeNull();
    expect(await listed(keyId)).toBeNull();
    await use(key);
    await t.app.keyUsage.flush();
    expect(await shown(unused.keyId)).toBeNull();
    expect(await listed(unused.keyId)).toBeNull();
    expect(await stored(unused.keyId)).toBeNull();
  });

  it('shows a use at once in this process without writing it, and stores it on flush', async () => {
    const { key, keyId } = await newKey();
    t.clock.advance(1_000);
    const usedAt = toIso(t.clock.now());
    await use(key);
    t.clock.advance(5_000);
    expect(await shown(keyId)).toBe(usedAt);
    expect(await listed(keyId)).toBe(usedAt);
    expect(await stored(keyId), 'no database write per request').toBeNull();

    await t.app.keyUsage.flush();
    expect(await stored(keyId)).toBe(usedAt);
    expect(t.app.keyUsage.pending(keyId)).toBeUndefined();
    expect(await shown(keyId)).toBe(usedAt);

    t.clock.advance(1_000);
    const later = toIso(t.clock.now());
    await use(key);
    expect(await shown(keyId)).toBe(later);
    await t.app.keyUsage.flush();
    expect(await stored(keyId)).toBe(later);
  });

  it('never moves backwards: not when the clock steps back, not over a later use another process stored', async () => {
    const { key, keyId } = await newKey();
    t.clock.advance(60_000);
    const usedAt = toIso(t.clock.now());
    await use(key);
    await t.app.keyUsage.flush();

    t.clock.set(t.clock.now() - 30_000);
    await use(key);
    expect(await shown(keyId)).toBe(usedAt);
    await t.app.keyUsage.flush();
    expect(await stored(keyId)).toBe(usedAt);

    // Another process flushed a use later than this process's pending one.
    t.clock.advance(60_000);
    const elsewhere = toIso(t.clock.now() + 10_000);
    await t.ctx.db.updateTable('api_keys').set({ last_used_at: elsewhere }).where('id', '=', keyId).execute();
    await use(key);
    expect(t.app.keyUsage.pending(keyId)! < elsewhere).toBe(true);
    expect(await shown(keyId)).toBe(elsewhere);
    expect(await listed(keyId)).toBe(elsewhere);
    await t.app.keyUsage.flush();
    expect(await stored(keyId)).toBe(elsewhere);
  });

  it('shows the pending use in the rotate and revoke answers too', async () => {
    const { key, keyId } = await newKey();
    t.clock.advance(1_000);
    const usedAt = toIso(t.clock.now());
    await use(key);
    t.clock.advance(1_000);
    const rotated = await t.request({ method: 'POST', url: `/api/v1/api-keys/${keyId}/rotate`, body: { grace_period_seconds: 0 } });
    expect(rotated.status, show(rotated)).toBe(200);
    expect(rotated.body.data.last_used_at).toBe(usedAt);
    const revoked = await t.request({ method: 'POST', url: `/api/v1/api-keys/${keyId}/revoke` });
    expect(revoked.status, show(revoked)).toBe(200);
    expect(revoked.body.data.last_used_at).toBe(usedAt);
  });
});

describe.each(testDialects())('API key last_used_at is written without a flush call [%s]', (dialect) => {
  it('on the KEY_USAGE_FLUSH_MS interval', async () => {
    const t = await setupApp(dialect, { config: { keyUsageFlushMs: 50 } });
    try {
      const { key, keyId } = await t.newKey({ accountId: t.accountId });
      const usedAt = toIso(t.clock.now());
      expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(200);
      const stored = async () =>
        (await t.ctx.db.selectFrom('api_keys').select('last_used_at').where('id', '=', keyId).executeTakeFirstOrThrow()).last_used_at;
      // The timer runs on real time; give it many intervals before calling it missing.
      const deadline = Date.now() + 3_000;
      while ((await stored()) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await stored()).toBe(usedAt);
    } finally {
      await t.close();
    }
  });

  it('when the app closes, before the database does', async () => {
    const t = await setupApp(dialect);
    const { key, keyId } = await t.newKey({ accountId: t.accountId });
    const usedAt = toIso(t.clock.now());
    expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(200);
    await t.app.close();
    try {
      const row = await t.ctx.db.selectFrom('api_keys').select('last_used_at').where('id', '=', keyId).executeTakeFirstOrThrow();
      expect(row.last_used_at).toBe(usedAt);
    } finally {
      await t.close();
    }
  });
});
