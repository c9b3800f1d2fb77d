import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { show, type TestApp } from '../harness.js';
import { freshKey, importApp, postImport, publishedCourse, results, resultsText, runImport, studentsCsv, studentsWith, zipOf } from './support.js';

describe.each(testDialects())('imports: formats and results [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await importApp(dialect);
  });
  afterAll(() => t.close());

  it('the same Idempotency-Key gives the same import, once; another body with it answers 422', async () => {
    const key = await freshKey(t);
    const csv = studentsCsv([{ external_id: 'IK1', email: 'ik1@example.com', name: 'Idem One' }]);
    const first = await postImport(t, 'csv', csv, { query: 'type=students', key, idempotencyKey: 'nightly-1' });
    expect(first.status, show(first)).toBe(202);
    expect(first.headers.location).toBe(`/api/v1/imports/${first.body.data.id}`);
    const again = await postImport(t, 'csv', csv, { query: 'type=students', key, idempotencyKey: 'nightly-1' });
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await postImport(t, 'csv', csv, { query: 'type=students&dry_run=true', key, idempotencyKey: 'nightly-1' });
    expect(other.status, show(other)).toBe(422);
    await t.app.background.drain();
    const list = await t.request({ url: '/api/v1/imports?per_page=100' });
    expect(list.body.data.filter((i: { id: string }) => i.id === first.body.data.id)).toHaveLength(1);
    expect(await studentsWith(t, 'IK1')).toHaveLength(1);
  });

  it('a file with a BOM imports exactly as the same file without one', async () => {
    const csv = studentsCsv([{ external_id: 'BOM1', email: 'bom1@example.com', name: 'Bom One' }, { external_id: 'BOM2', email: 'bom2@example.com', name: 'Bom Two' }]);
    const withBom = await runImport(t, 'csv', `\uFEFF${csv}`, { query: 'type=students' });
    expect(withBom.counts).toMatchObject({ created: 2, failed: 0 });
    const plain = await runImport(t, 'csv', csv, { query: 'type=students' });
    expect(plain.counts).toMatchObject({ created: 0, unchanged: 2, failed: 0 });
    expect((await results(t, withBom.id)).map((l) => [l.line, l.external_id, l.action])).toEqual([
      [2, 'BOM1', 'created'],
      [3, 'BOM2', 'created'],
    ]);
    expect((await studentsWith(t, 'BOM1'))[0]).toMatchObject({ external_id: 'BOM1', email: 'bom1@example.com' });
  });

  it('reports a bad row after a multi-line quoted field at its physical line', async () => {
    const csv = 'external_id,email,name\nML1,ml1@example.com,"A name\nover\nthree lines"\nML2,not-an-email,Bad Row\n\nML3,ml3@example.com,Fine\n';
    const imported = await runImport(t, 'csv', csv, { query: 'type=students' });
    expect(imported).toMatchObject({ status: 'succeeded_with_errors', counts: { created: 2, failed: 1 }, progress: { done: 3, total: 3 } });
    const lines = await results(t, imported.id);
    expect(lines.map((l) => [l.line, l.action])).toEqual([
      [2, 'created'],
      [5, 'failed'],
      [7, 'created'],
    ]);
    expect(lines[1]).toMatchObject({ code: 'validation_error', field: 'email', external_id: 'ML2' });
    expect((await studentsWith(t, 'ML1'))[0].name).toBe('A name\nover\nthree lines');
    const failedOnly = await results(t, imported.id, '?status=error');
    expect(failedOnly.map((l) => l.line)).toEqual([5]);
  });

  it('NDJSON and zip: students before enrollments, so one file enrolls the students it creates', async () => {
    const course = await publishedCourse(t, 'NZ-101');
    const ndjson = [
      JSON.stringify({ type: 'enrollment', student_external_id: 'NZ1', course_external_id: 'NZ-101' }),
      JSON.stringify({ type: 'student', external_id: 'NZ1', email: 'nz1@example.com', name: 'Nd One' }),
      '',
      '{broken',
    ].join('\n');
    const fromNdjson = await runImport(t, 'ndjson', ndjson);
    expect(fromNdjson).toMatchObject({ format: 'ndjson', type: null, counts: { created: 2, failed: 1 } });
    expect((await results(t, fromNdjson.id)).map((l) => [l.line, l.type, l.action, l.code ?? null])).toEqual([
      [1, 'enrollment', 'created', null],
      [2, 'student', 'created', null],
      [4, 'student', 'failed', 'invalid_json'],
    ]);
    const student = (await studentsWith(t, 'NZ1'))[0];
    const enrollments = (await t.request({ url: `/api/v1/enrollments?student_id=${student.id}` })).body.data;
    expect(enrollments).toMatchObject([{ course_id: course.id, status: 'active' }]);

    const zip = await zipOf({
      'roster/students.csv': studentsCsv([{ external_id: 'NZ2', email: 'nz2@example.com', name: 'Zip Two' }]),
      'roster/enrollments.csv': 'student_external_id,course_id\nNZ2,' + course.id + '\nNZ1,' + course.id + '\nNZ9,' + course.id + '\n',
      'README.txt': 'ignored',
    });
    const fromZip = await runImport(t, 'zip', zip);
    expect(fromZip).toMatchObject({ status: 'succeeded_with_errors', format: 'zip', counts: { created: 2, unchanged: 1, failed: 1 } });
    const lines = await results(t, fromZip.id);
    expect(lines.map((l) => [l.file, l.line, l.external_id, l.action])).toEqual([
      ['students.csv', 2, 'NZ2', 'created'],
      ['enrollments.csv', 2, `NZ2/${course.id}`, 'created'],
      ['enrollments.csv', 3, `NZ1/${course.id}`, 'unchanged'],
      ['enrollments.csv', 4, `NZ9/${course.id}`, 'failed'],
    ]);
    expect(lines[3]).toMatchObject({ code: 'resource_not_found', field: 'student_external_id' });
  });

  it('answers results as CSV or NDJSON by Accept, one line per row', async () => {
    const imported = await runImport(t, 'csv', 'external_id,email,name\nRS1,rs1@example.com,"Doe, Jane"\nRS2,,\n=HYPERLINK(1),,\n', { query: 'type=students' });
    const csv = await resultsText(t, imported.id, '', 'text/csv');
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const rows = csv.text.trimEnd().split('\r\n');
    expect(rows[0]).toBe('file,line,type,external_id,action,id,code,field,message');
    expect(rows[1]).toMatch(/^-,2,student,RS1,created,stu_[0-9a-z]+,,,$/);
    expect(rows[2]).toBe('-,3,student,RS2,failed,,validation_error,email,email is required to create a student');
    // A cell a spreadsheet would run as a formula is written as text (a leading apostrophe).
    expect(rows[3]).toMatch(/^-,4,student,'=HYPERLINK\(1\),failed,/);
    const ndjson = await resultsText(t, imported.id);
    expect(ndjson.type).toContain('application/x-ndjson');
    expect(ndjson.text.trimEnd().split('\n')).toHaveLength(3);
    expect(ndjson.text).toContain('"external_id":"=HYPERLINK(1)"');
    const stranger = await t.newKey();
    expect((await resultsText(t, imported.id, '', 'text/csv', stranger.key)).status).toBe(404);
    expect((await t.request({ url: `/api/v1/imports/${imported.id}`, key: stranger.key })).status).toBe(404);
  });

  it('modes: create_only skips existing students, update_only skips new ones', async () => {
    await runImport(t, 'csv', studentsCsv([{ external_id: 'MD1', email: 'md1@example.com', name: 'Mode One' }]), { query: 'type=students' });
    const csv = studentsCsv([
      { external_id: 'MD1', email: 'md1@example.com', name: 'Mode One Renamed' },
      { external_id: 'MD2', email: 'md2@example.com', name: 'Mode Two' },
    ]);
    const createOnly = await runImport(t, 'csv', csv, { query: 'type=students&mode=create_only' });
    expect(createOnly.counts).toMatchObject({ created: 1, skipped: 1, updated: 0 });
    const updateOnly = await runImport(t, 'csv', studentsCsv([{ external_id: 'MD1', name: 'Mode One Renamed' }, { external_id: 'MD3', email: 'md3@example.com', name: 'Mode Three' }]), { query: 'type=students&mode=update_only' });
    expect(updateOnly.counts).toMatchObject({ updated: 1, skipped: 1, created: 0 });
    expect((await studentsWith(t, 'MD1'))[0].name).toBe('Mode One Renamed');
    expect(await studentsWith(t, 'MD3')).toEqual([]);
  });

  it('a repeated external id fails the later row, naming the first line', async () => {
    const imported = await runImport(t, 'csv', studentsCsv([
      { external_id: 'DP1', email: 'dp1@example.com', name: 'Dup' },
      { external_id: 'DP1', email: 'dp1b@example.com', name: 'Dup Again' },
    ]), { query: 'type=students' });
    const lines = await results(t, imported.id);
    expect(lines[1]).toMatchObject({ line: 3, action: 'failed', code: 'duplicate_in_import', field: 'external_id' });
    expect(lines[1].message).toContain('line 2');
    expect((await studentsWith(t, 'DP1'))[0].email).toBe('dp1@example.com');
  });

  it('a repeated key in a later chunk names the first row, even when that row failed', async () => {
    const imported = await runImport(t, 'csv', studentsCsv([
      { external_id: 'DQ1', email: 'not-an-email', name: 'Bad First' },
      { external_id: 'DQ2', email: 'dq2@example.com', name: 'Two' },
      { external_id: 'DQ3', email: 'dq3@example.com', name: 'Three' },
      { external_id: 'DQ4', email: 'dq4@example.com', name: 'Four' },
      { external_id: 'DQ1', email: 'dq1@example.com', name: 'Good Later' },
      { external_id: 'DQ2', email: 'dq2b@example.com', name: 'Two Again' },
    ]), { query: 'type=students' });
    const lines = await results(t, imported.id);
    expect(lines.map((l) => [l.line, l.action, l.code ?? null])).toEqual([
      [2, 'failed', 'validation_error'],
      [3, 'created', null],
      [4, 'created', null],
      [5, 'created', null],
      [6, 'failed', 'duplicate_in_import'],
      [7, 'failed', 'duplicate_in_import'],
    ]);
    expect(lines[4].message).toContain('line 2;');
    expect(lines[5].message).toContain('line 3;');
    expect(await studentsWith(t, 'DQ1')).toEqual([]);
  });
});
