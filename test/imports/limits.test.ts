import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src/modules/imports/imports.schemas.js';
import { IMPORT_RESULTS_RETENTION_MS, purgeExpiredResults } from '../../src/modules/imports/imports.service.js';
import { testDialects } from '../dialects.js';
import { show, type TestApp } from '../harness.js';
import { freshKey, importApp, postImport, publishedCourse, results, runImport, studentsCsv, studentsWith, zeroCounts } from './support.js';

describe.each(testDialects())('imports: limits and permissions [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await importApp(dialect);
  });
  afterAll(() => t.close());

  it('invalid UTF-8 fails the whole import at its line, writing nothing', async () => {
    const head = Buffer.from(studentsCsv([{ external_id: 'U1', email: 'u1@example.com', name: 'Fine' }, { external_id: 'U2', email: 'u2@example.com', name: 'Fine too' }]));
    const body = Buffer.concat([head, Buffer.from('U3,u3@example.com,Caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const imported = await runImport(t, 'csv', body, { query: 'type=students' });
    expect(imported).toMatchObject({ status: 'failed', counts: zeroCounts, error: { code: 'invalid_encoding', line: 4, file: '-' } });
    expect(await studentsWith(t, 'U1')).toEqual([]);
    const failed = await t.request({ url: '/api/v1/events?type=import.failed' });
    expect(failed.body.data[0].data.object).toMatchObject({ id: imported.id, status: 'failed' });
  });

  it(`more than ${IMPORT_MAX_ROWS} rows fails as too_many_rows before any row is written`, async () => {
    const lines = ['external_id,email,name'];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) lines.push(`M${i},m${i}@example.com,M`);
    const imported = await runImport(t, 'csv', `${lines.join('\n')}\n`, { query: 'type=students' });
    expect(imported).toMatchObject({ status: 'failed', counts: zeroCounts, progress: { done: 0 }, error: { code: 'too_many_rows', line: IMPORT_MAX_ROWS + 2 } });
    expect(await studentsWith(t, 'M0')).toEqual([]);
  }, 60_000);

  it('a body over 50 MiB answers 413 before anything is imported', async () => {
    const key = await freshKey(t);
    const response = await postImport(t, 'csv', Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41), { query: 'type=students', key });
    expect(response.status, show(response)).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
    expect((await t.request({ url: '/api/v1/imports?status=queued' })).body.data).toEqual([]);
  });

  it('enrollment rows of a key without enrollments:write fail with insufficient_permissions; reading needs students:read', async () => {
    await publishedCourse(t, 'PERM-101');
    const key = await freshKey(t, ['students:write']);
    const ndjson = [
      JSON.stringify({ type: 'student', external_id: 'P1', email: 'p1@example.com', name: 'Perm' }),
      JSON.stringify({ type: 'enrollment', student_external_id: 'P1', course_external_id: 'PERM-101' }),
    ].join('\n');
    const imported = await runImport(t, 'ndjson', ndjson, { key });
    expect(imported.counts).toMatchObject({ created: 1, failed: 1 });
    expect((await results(t, imported.id))[1]).toMatchObject({ type: 'enrollment', action: 'failed', code: 'insufficient_permissions' });
    const reader = await freshKey(t, ['courses:read']);
    const refused = await t.request({ url: `/api/v1/imports/${imported.id}`, key: reader });
    expect(refused.status).toBe(403);
    const noWrite = await postImport(t, 'ndjson', ndjson, { key: await freshKey(t, ['students:read']) });
    expect(noWrite.status).toBe(403);
  });

  it('the imports window: 10 an hour per key, shown in GET /rate-limits; a replay does not count, a refused request does', async () => {
    const key = await freshKey(t);
    const csv = studentsCsv([{ external_id: 'RW1', email: 'rw1@example.com', name: 'Window' }]);
    const refused = await postImport(t, 'csv', csv, { key });
    expect(refused.status).toBe(400);
    for (let i = 0; i < 9; i++) {
      const accepted = await postImport(t, 'csv', csv, { query: 'type=students', key, idempotencyKey: `rw-${i}` });
      expect(accepted.status, show(accepted)).toBe(202);
    }
    const replay = await postImport(t, 'csv', csv, { query: 'type=students', key, idempotencyKey: 'rw-0' });
    expect(replay.status, show(replay)).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const budgets = await t.request({ url: '/api/v1/rate-limits', key });
    expect(budgets.body.data.endpoints.imports).toMatchObject({ limit: 10, used: 10, remaining: 0 });
    expect(budgets.body.data.endpoints.bulk).toMatchObject({ limit: 20, used: 0 });
    const limited = await postImport(t, 'csv', csv, { query: 'type=students', key, idempotencyKey: 'rw-new' });
    expect(limited.status, show(limited)).toBe(429);
    expect(limited.body.error.details.limit).toBe('imports');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.app.background.drain();
  });

  it('keeps result lines 30 days after the import ends, then removes them (the import stays)', async () => {
    const imported = await runImport(t, 'csv', studentsCsv([{ external_id: 'RT1', email: 'rt1@example.com', name: 'Kept' }]), { query: 'type=students' });
    expect(await results(t, imported.id)).toHaveLength(1);
    t.clock.advance(IMPORT_RESULTS_RETENTION_MS - 1_000);
    await purgeExpiredResults(t.ctx);
    expect(await results(t, imported.id)).toHaveLength(1);
    t.clock.advance(2_000);
    expect(await purgeExpiredResults(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await results(t, imported.id)).toEqual([]);
    expect((await t.request({ url: `/api/v1/imports/${imported.id}` })).body.data.counts.created).toBe(1);
  });
});
