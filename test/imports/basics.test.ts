import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { show, type TestApp } from '../harness.js';
import { importApp, postImport, results, runImport, studentsCsv } from './support.js';

describe.each(testDialects())('imports: basics [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await importApp(dialect);
  });
  afterAll(() => t.close());

  it('imports a students CSV in chunks; a re-run of the same file changes nothing', async () => {
    const csv = studentsCsv(Array.from({ length: 7 }, (_, i) => ({ external_id: `B${i}`, email: `b${i}@example.com`, name: `Basic ${i}` })));
    const first = await runImport(t, 'csv', csv, { query: 'type=students' });
    expect(first).toMatchObject({ status: 'succeeded', format: 'csv', type: 'students', progress: { done: 7, total: 7 }, counts: { created: 7, updated: 0, unchanged: 0, failed: 0 } });
    const lines = await results(t, first.id);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatchObject({ file: '-', line: 2, type: 'student', external_id: 'B0', action: 'created' });
    const student = (await t.request({ url: '/api/v1/students?external_id=B3' })).body.data[0];
    expect(student).toMatchObject({ email: 'b3@example.com', name: 'Basic 3' });

    t.clock.advance(60_000);
    const events = async () => (await t.request({ url: '/api/v1/events?per_page=1' })).body.pagination.total as number;
    const eventsBefore = await events();
    const again = await runImport(t, 'csv', csv, { query: 'type=students' });
    // Only the import's own import.completed: an unchanged row sends no event.
    expect(await events()).toBe(eventsBefore + 1);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 7 });
    const same = (await t.request({ url: `/api/v1/students/${student.id}` })).body.data;
    expect(same.updated_at).toBe(student.updated_at);
  });

  it('takes media type parameters (text/csv; charset=utf-8); a body that is not a zip fails as invalid_file', async () => {
    const withCharset = await runImport(t, 'csv', studentsCsv([{ external_id: 'CH1', email: 'ch1@example.com', name: 'Charset' }]), {
      query: 'type=students',
      contentType: 'text/csv; charset=utf-8',
    });
    expect(withCharset.counts).toMatchObject({ created: 1 });
    const notZip = await runImport(t, 'zip', 'external_id\nZ1\n');
    expect(notZip).toMatchObject({ status: 'failed', error: { code: 'invalid_file' } });
  });

  it('answers 415 naming the types an import takes for JSON or text, and 400 without type for a CSV', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const refused = await postImport(t, 'csv', '{}', { contentType, query: 'type=students' });
      expect(refused.status, show(refused)).toBe(415);
      expect(refused.body.error).toMatchObject({ code: 'unsupported_media_type', message: 'Send the file as text/csv, application/x-ndjson, application/zip' });
    }
    const noType = await postImport(t, 'csv', 'external_id\nX\n');
    expect(noType.status, show(noType)).toBe(400);
    expect(noType.body.error.details.errors[0].path).toBe('/query/type');
  });

  it('lists imports newest first, in page or cursor mode, by status and updated_since', async () => {
    const page = await t.request({ url: '/api/v1/imports?per_page=1' });
    expect(page.status, show(page)).toBe(200);
    expect(page.body.pagination).toMatchObject({ page: 1, per_page: 1 });
    expect(page.body.pagination.total).toBeGreaterThanOrEqual(2);
    const first = await t.request({ url: '/api/v1/imports?per_page=1&cursor=' });
    const second = await t.request({ url: `/api/v1/imports?per_page=1&cursor=${first.body.pagination.next_cursor}` });
    expect(second.body.data[0].created_at <= first.body.data[0].created_at).toBe(true);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    const failed = await t.request({ url: '/api/v1/imports?status=failed' });
    expect(failed.body.data.every((i: { status: string }) => i.status === 'failed')).toBe(true);
    expect((await t.request({ url: '/api/v1/imports?updated_since=2099-01-01T00:00:00.000Z' })).body.data).toEqual([]);
  });
});
