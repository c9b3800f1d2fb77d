import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { show, type TestApp } from '../harness.js';
import { freshKey, getImport, importApp, postImport, publishedCourse, results, runImport, studentsCsv, studentsWith, zipOf } from './support.js';

describe.each(testDialects())('imports: full sync and dry runs [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await importApp(dialect);
  });
  afterAll(() => t.close());

  const roster = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ external_id: `${prefix}${i}`, email: `${prefix.toLowerCase()}${i}@example.com`, name: `${prefix} ${i}` }));
  const status = async (externalId: string) => (await studentsWith(t, externalId))[0]?.status;

  it('a full sync above its threshold waits and changes nothing until confirmed, and never touches objects made by other means', async () => {
    const all = roster('FS', 10);
    await runImport(t, 'csv', studentsCsv(all), { query: 'type=students&source=sis' });
    // Made by other means, with an external id the next file lacks too: never deactivated.
    const other = await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'other@example.com', name: 'Other', external_id: 'FS-OTHER' } });
    expect(other.status, show(other)).toBe(201);
    const before = (await studentsWith(t, 'FS9'))[0];

    t.clock.advance(1_000);
    const file = studentsCsv(all.slice(0, 7));
    const waiting = await runImport(t, 'csv', file, { query: 'type=students&sync=full&source=sis&max_delete_percent=20' });
    expect(waiting).toMatchObject({ status: 'awaiting_confirmation', counts: { created: 0, updated: 0, unchanged: 0, deactivated: 0 }, pending_deactivation: { students: 3, enrollments: 0, total: 3, of: 10, percent: 30 } });
    expect(await status('FS9')).toBe('active');
    expect((await studentsWith(t, 'FS9'))[0].updated_at).toBe(before.updated_at);
    const awaited = await t.request({ url: '/api/v1/events?type=import.awaiting_confirmation' });
    expect(awaited.body.data[0].data.object).toMatchObject({ id: waiting.id, status: 'awaiting_confirmation' });

    const confirmed = await t.request({ method: 'POST', url: `/api/v1/imports/${waiting.id}/confirm` });
    expect(confirmed.status, show(confirmed)).toBe(200);
    expect(confirmed.body.data.status).toBe('queued');
    await t.app.background.drain();
    const done = await getImport(t, waiting.id);
    expect(done).toMatchObject({ status: 'succeeded', counts: { unchanged: 7, deactivated: 3 } });
    expect(await status('FS9')).toBe('inactive');
    expect(await status('FS6')).toBe('active');
    expect(await status('FS-OTHER')).toBe('active');
    const deactivated = (await results(t, waiting.id)).filter((l) => l.action === 'deactivated');
    expect(deactivated.map((l) => l.external_id).sort()).toEqual(['FS7', 'FS8', 'FS9']);
    expect(deactivated[0]).toMatchObject({ file: '-', line: null, type: 'student' });
    const again = await t.request({ method: 'POST', url: `/api/v1/imports/${waiting.id}/confirm` });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('import_not_awaiting_confirmation');

    // Listing a deactivated student again makes it active.
    const back = await runImport(t, 'csv', studentsCsv(all.slice(9)), { query: 'type=students&source=sis' });
    expect(back.counts).toMatchObject({ updated: 1 });
    expect(await status('FS9')).toBe('active');
  });

  it('cancel drops a waiting full sync; an empty file deactivates nothing and succeeds with zero counts', async () => {
    await runImport(t, 'csv', studentsCsv(roster('CX', 4)), { query: 'type=students&source=cx' });
    const waiting = await runImport(t, 'csv', studentsCsv(roster('CX', 1)), { query: 'type=students&sync=full&source=cx' });
    expect(waiting.status).toBe('awaiting_confirmation');
    const canceled = await t.request({ method: 'POST', url: `/api/v1/imports/${waiting.id}/cancel` });
    expect(canceled.status, show(canceled)).toBe(200);
    expect(canceled.body.data).toMatchObject({ status: 'canceled' });
    expect(await status('CX3')).toBe('active');
    const running = await t.request({ method: 'POST', url: `/api/v1/imports/${waiting.id}/cancel` });
    expect(running.status).toBe(409);

    for (const body of ['', 'external_id,email,name\n']) {
      const empty = await runImport(t, 'csv', body, { query: 'type=students&sync=full&source=cx' });
      expect(empty).toMatchObject({ status: 'succeeded', progress: { done: 0, total: 0 }, counts: { created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0, skipped: 0 } });
    }
    expect(await status('CX3')).toBe('active');
  });

  it('sync=full needs a source', async () => {
    const response = await postImport(t, 'csv', 'external_id\n', { query: 'type=students&sync=full', key: await freshKey(t) });
    expect(response.status, show(response)).toBe(400);
    expect(response.body.error.details.errors[0].path).toBe('/query/source');
  });

  it('a dry run reports the counts of the real run and writes nothing; enrollments of its own new students included', async () => {
    const course = await publishedCourse(t, 'DRY-101');
    await runImport(t, 'csv', studentsCsv(roster('DR', 5)), { query: 'type=students&source=dry' });
    const students = studentsCsv([
      ...roster('DR', 3).map((s, i) => (i === 0 ? { ...s, name: 'Renamed' } : s)),
      { external_id: 'DRNEW', email: 'drnew@example.com', name: 'New' },
      { external_id: 'DRBAD', email: 'dr0@example.com', name: 'Takes an email in use' },
    ]);
    const enrollments = `student_external_id,course_external_id\nDRNEW,DRY-101\nDR1,DRY-101\nDR1,DRY-101\nDR2,NOPE\n`;
    const zip = await zipOf({ 'students.csv': students, 'enrollments.csv': enrollments });
    const eventsBefore = (await t.request({ url: '/api/v1/events?per_page=1' })).body.pagination.total;
    const dry = await runImport(t, 'zip', zip, { query: 'dry_run=true&sync=full&source=dry&max_delete_percent=100' });
    expect(dry).toMatchObject({ status: 'succeeded_with_errors', dry_run: true });
    expect(await studentsWith(t, 'DRNEW')).toEqual([]);
    expect((await studentsWith(t, 'DR0'))[0].name).toBe('DR 0');
    expect(await status('DR4')).toBe('active');
    // Only the import's own event was recorded.
    expect((await t.request({ url: '/api/v1/events?per_page=1' })).body.pagination.total).toBe(eventsBefore + 1);
    const real = await runImport(t, 'zip', zip, { query: 'sync=full&source=dry&max_delete_percent=100' });
    expect(real.counts).toEqual(dry.counts);
    expect(real.counts).toMatchObject({ created: 3, updated: 1, unchanged: 2, deactivated: 2, failed: 3 });
    const strip = (lines: any[]) => lines.map(({ id: _id, ...rest }) => rest);
    expect(strip(await results(t, real.id))).toEqual(strip(await results(t, dry.id)));
    expect((await t.request({ url: `/api/v1/enrollments?course_id=${course.id}` })).body.data).toHaveLength(2);
  });

  it('a full sync of enrollments cancels those the source made and the file lacks, and moves the course count', async () => {
    const course = await publishedCourse(t, 'EN-101');
    await runImport(t, 'csv', studentsCsv(roster('EN', 4)), { query: 'type=students' });
    const rows = (ids: number[]) => `student_external_id,course_external_id,status\n${ids.map((i) => `EN${i},EN-101,`).join('\n')}\n`;
    const first = await runImport(t, 'csv', rows([0, 1, 2, 3]), { query: 'type=enrollments&source=en' });
    expect(first.counts).toMatchObject({ created: 4 });
    expect((await t.request({ url: `/api/v1/courses/${course.id}` })).body.data.enrollment_count).toBe(4);
    const synced = await runImport(t, 'csv', rows([0, 1, 2]), { query: 'type=enrollments&sync=full&source=en&max_delete_percent=25' });
    expect(synced).toMatchObject({ status: 'succeeded', counts: { unchanged: 3, deactivated: 1 }, pending_deactivation: { students: 0, enrollments: 1, of: 4, percent: 25 } });
    const cancelled = (await results(t, synced.id)).find((l) => l.action === 'deactivated');
    expect(cancelled).toMatchObject({ type: 'enrollment', external_id: 'EN3/EN-101', line: null });
    expect((await t.request({ url: `/api/v1/enrollments/${cancelled.id}` })).body.data.status).toBe('cancelled');
    expect((await t.request({ url: `/api/v1/courses/${course.id}` })).body.data.enrollment_count).toBe(3);
    const unenrolled = await t.request({ url: '/api/v1/events?type=student.unenrolled' });
    expect(unenrolled.body.data[0].data.object).toMatchObject({ id: cancelled.id, status: 'cancelled' });
    // The students were not part of this file: none of them is touched.
    expect(await status('EN3')).toBe('active');
    // An explicit cancellation by a row is an update; listing it again reactivates it.
    const explicit = await runImport(t, 'csv', 'student_external_id,course_external_id,status\nEN0,EN-101,cancelled\nEN3,EN-101,active\n', { query: 'type=enrollments' });
    expect(explicit.counts).toMatchObject({ updated: 2 });
    expect((await t.request({ url: `/api/v1/courses/${course.id}` })).body.data.enrollment_count).toBe(3);
  });
});
