import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import type { TestApp } from '../harness.js';
import { importApp, publishedCourse, results, runImport, studentsCsv, zipOf } from './support.js';

/**
 * A chunk's rows are applied a batch of 250 at a time inside its transaction (import.job.ts,
 * APPLY_BATCH_ROWS). Rows that meet across batches of one chunk (a repeated external id or
 * enrollment, an email an earlier batch took, enrollments of students an earlier batch made) must
 * come out as they do when every row is a chunk of its own: the same file, imported with chunks of
 * 1,000 rows and with chunks of 3, gives the same result lines; a dry run counts what the real run does.
 */
describe.each(testDialects())('imports: batches inside a chunk [%s]', (dialect) => {
  const ROWS = 600;
  let large: TestApp;
  let small: TestApp;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-import-batches-'));
    large = await importApp(dialect, { imports: { dir, chunkRows: 1_000, leaseMs: 60_000 } });
    small = await importApp(dialect);
    for (const t of [large, small]) for (const c of ['BC1', 'BC2']) await publishedCourse(t, c);
  });
  afterAll(async () => {
    await large.close();
    await small.close();
  });

  const students = Array.from({ length: ROWS }, (_, i) => ({ external_id: `B${i}`, email: `b${i}@example.com`, name: `Batch ${i}` }));
  students[300] = { external_id: 'B10', email: 'again10@example.com', name: 'Repeats row 12' };
  students[400] = { external_id: 'B400', email: 'b20@example.com', name: 'Takes the email of row 22' };
  students[550] = { external_id: 'B550', email: 'b260@example.com', name: 'Takes the email of row 262' };
  const enrollments = Array.from({ length: ROWS }, (_, i) => `B${i},BC${1 + (i % 2)},active`);
  enrollments[500] = 'B100,BC1,active';
  enrollments[520] = 'B10,BC2,active';
  const file = () => zipOf({ 'students.csv': studentsCsv(students), 'enrollments.csv': `student_external_id,course_external_id,status\n${enrollments.join('\n')}\n` });

  /** What a result line says, without the ids each database gave. */
  const shown = (line: Record<string, unknown>) => ({ ...line, id: line.id === null ? null : 'id', message: typeof line.message === 'string' ? line.message.replace(/\b(stu|enr|crs)_\w+/g, 'ID') : line.message });

  it('gives the same result lines with chunks of 1,000 rows as with chunks of 3; a dry run counts the same', async () => {
    const dry = await runImport(large, 'zip', await file(), { query: 'dry_run=true' });
    const real = await runImport(large, 'zip', await file());
    const reference = await runImport(small, 'zip', await file());
    expect(real).toMatchObject({ status: 'succeeded_with_errors', progress: { done: 2 * ROWS, total: 2 * ROWS } });
    expect(real.counts).toEqual(reference.counts);
    expect(dry.counts).toEqual(real.counts);
    // Students: rows 300 (B10 again), 400 and 550 (emails taken); enrollments: the students of those rows, and row 500 (row 100's again).
    expect(real.counts).toMatchObject({ created: 2 * ROWS - 7, updated: 0, failed: 7 });

    const lines = await results(large, real.id);
    expect(lines.map(shown)).toEqual((await results(small, reference.id)).map(shown));
    expect(lines).toHaveLength(2 * ROWS);
    const at = (member: string, line: number) => lines.find((l) => l.file === member && l.line === line);
    expect(at('students.csv', 302)).toMatchObject({ action: 'failed', code: 'duplicate_in_import', external_id: 'B10' });
    expect(at('students.csv', 302).message).toContain('line 12');
    expect(at('students.csv', 402)).toMatchObject({ action: 'failed', code: 'student_exists', field: 'email' });
    expect(at('students.csv', 552)).toMatchObject({ action: 'failed', code: 'student_exists', field: 'email' });
    expect(at('enrollments.csv', 502)).toMatchObject({ action: 'failed', code: 'duplicate_in_import' });
    expect(at('enrollments.csv', 402)).toMatchObject({ action: 'failed', code: 'resource_not_found', external_id: 'B400/BC1' });
    expect(at('enrollments.csv', 522)).toMatchObject({ action: 'created', external_id: 'B10/BC2' });
  });
});
