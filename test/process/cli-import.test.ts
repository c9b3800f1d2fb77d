import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { built } from '../built.js';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { accountWithKey, callApi, type RunningServer, startServer } from './spawn.js';

/**
 * `lectern import` as an operator runs it: the built bin in its own process, against the database a
 * server also serves (WORKER=off there, so that the import runs in the command's process), checked
 * through the API the way a client would see the import it made.
 */

const root = path.resolve(import.meta.dirname, '../..');
const shown = (r: { status: number | null; stdout: string; stderr: string }) => `exit ${r.status}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;

/** The bin with `input` on its stdin. */
function lectern(args: string[], env: Record<string, string>, input?: string | Buffer) {
  const result = spawnSync(process.execPath, [built('cli/main.js'), ...args], { cwd: root, env: { ...process.env, ...env }, input, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function zipOf(members: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(members)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe.each(testDialects())('lectern import [%s]', (dialect) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let server: RunningServer;
  let accountId: string;
  let key: string;
  let folder: string;
  const file = (name: string, content: string | Buffer) => {
    const where = path.join(folder, name);
    fs.writeFileSync(where, content);
    return where;
  };
  const api = async (pathname: string) => {
    const answer = await callApi(server, 'GET', pathname, key);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as { data: any };
  };
  const studentsCsv = 'external_id,email,name\ncli-1,cli-1@example.com,Ada\ncli-2,not-an-email,Alan\ncli-3,cli-3@example.com,Grace\n';

  beforeAll(async () => {
    ({ env, drop } = await freshDatabaseEnv(dialect));
    folder = fs.mkdtempSync(path.join(env.DATA_DIR!, 'files-'));
    server = await startServer({ ...env, WORKER: 'off' });
    ({ accountId, key } = accountWithKey(env, { name: 'Import School' }));
  }, 120_000);
  afterAll(async () => {
    server.process.kill('SIGKILL');
    await server.exited;
    await drop();
  });

  it('--dry-run: the report (counts, the failed row at its line), exit 3, progress on stderr, nothing written', { timeout: 120_000 }, async () => {
    const r = lectern(['import', file('dry.csv', studentsCsv), '--account', accountId, '--type', 'students', '--dry-run'], env);
    expect(r.status, shown(r)).toBe(3);
    const id = /^Import (imp_[0-9a-z]{26}) succeeded_with_errors \(dry run: nothing was written\)\n/.exec(r.stdout)?.[1];
    expect(id, r.stdout).toBeDefined();
    expect(r.stdout).toContain('  created 2, updated 0, unchanged 0, deactivated 0, skipped 0, failed 1\n');
    expect(r.stdout).toMatch(/Failed rows:\n {2}line 3 \(cli-2\): email: .+ \[validation_error\]\n$/);
    expect(r.stderr).toContain(`Import ${id}: dry.csv into ${accountId} (production), dry run: nothing will be written\n`);
    expect(r.stderr).toContain('  3 of 3 rows\n');
    const seen = await api(`/imports/${id}`);
    expect(seen.data).toMatchObject({ id, status: 'succeeded_with_errors', dry_run: true, counts: { created: 2, failed: 1 } });
    expect((await api('/students?external_id=cli-1')).data).toEqual([]);
  });

  it('--json: one line, the import as GET /imports/{id} answers it; the rows are written', { timeout: 120_000 }, async () => {
    const r = lectern(['import', file('students.csv', studentsCsv), '--account', accountId, '--type', 'students', '--json'], env);
    expect(r.status, shown(r)).toBe(3);
    expect(r.stdout.endsWith('\n') && r.stdout.trim().split('\n').length === 1, r.stdout).toBe(true);
    const printed = JSON.parse(r.stdout);
    expect(printed).toMatchObject({ status: 'succeeded_with_errors', format: 'csv', type: 'students', dry_run: false, progress: { done: 3, total: 3 } });
    expect((await api(`/imports/${printed.id}`)).data).toEqual(printed);
    expect((await api('/students?external_id=cli-1')).data).toHaveLength(1);
    const failures = await callApi(server, 'GET', `/imports/${printed.id}/results?status=error`, key);
    expect(failures.text.trim().split('\n').map((line) => JSON.parse(line))).toMatchObject([{ line: 3, external_id: 'cli-2', action: 'failed', field: 'email' }]);
  });

  it('a zip of students and their enrollments: exit 0; run again, every row unchanged', { timeout: 120_000 }, async () => {
    const course = await callApi(server, 'POST', '/courses', key, { title: 'Chemistry' });
    await callApi(server, 'POST', `/courses/${course.body.data.id}/publish`, key);
    const zip = file(
      'roster.zip',
      await zipOf({
        'students.csv': 'external_id,email,name\nzip-1,zip-1@example.com,Ada\nzip-2,zip-2@example.com,Alan\n',
        'enrollments.csv': `student_external_id,course_id\nzip-1,${course.body.data.id}\nzip-2,${course.body.data.id}\n`,
      }),
    );
    const first = lectern(['import', zip, '--account', accountId], env);
    expect(first.status, shown(first)).toBe(0);
    expect(first.stdout).toMatch(/^Import imp_[0-9a-z]{26} succeeded\n {2}created 4, updated 0, unchanged 0, deactivated 0, skipped 0, failed 0\n$/);
    expect((await api(`/enrollments?course_id=${course.body.data.id}`)).data).toHaveLength(2);
    const again = lectern(['import', zip, '--account', accountId, '--json'], env);
    expect(again.status, shown(again)).toBe(0);
    expect(JSON.parse(again.stdout).counts).toEqual({ created: 0, updated: 0, unchanged: 4, deactivated: 0, failed: 0, skipped: 0 });
  });

  it('NDJSON from stdin (- with --format); another environment', { timeout: 120_000 }, async () => {
    const ndjson = '{"type":"student","external_id":"in-1","email":"in-1@example.com","name":"Ada"}\n';
    const r = lectern(['import', '-', '--format', 'ndjson', '--account', accountId, '--env', 'development', '--json'], env, ndjson);
    expect(r.status, shown(r)).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: 'ndjson', counts: { created: 1 } });
    expect(r.stderr).toContain(`stdin into ${accountId} (development)`);
    expect((await api('/students?external_id=in-1')).data, 'the production workspace has none of it').toEqual([]);
  });

  it('a full sync over --max-delete-percent: exit 4, what it would deactivate, nothing changed', { timeout: 120_000 }, async () => {
    const full = ['--account', accountId, '--type', 'students', '--sync', 'full', '--source', 'sis'];
    const all = 'external_id,email,name\nsis-1,sis-1@example.com,A\nsis-2,sis-2@example.com,B\nsis-3,sis-3@example.com,C\n';
    expect(lectern(['import', file('all.csv', all), ...full], env).status).toBe(0);
    const r = lectern(['import', file('one.csv', 'external_id,email,name\nsis-1,sis-1@example.com,A\n'), ...full, '--max-delete-percent', '50'], env);
    expect(r.status, shown(r)).toBe(4);
    expect(r.stdout).toMatch(/^Import (imp_[0-9a-z]{26}) awaiting_confirmation\n/);
    expect(r.stdout).toContain('Waiting for confirmation: it would deactivate 2 students and cancel 0 enrollments, 66.67% of the 3 the source made (over --max-delete-percent 50). Nothing changed.');
    expect(r.stdout).toContain('/confirm');
    expect((await api('/students?external_id=sis-2')).data[0]).toMatchObject({ status: 'active' });
  });

  it('a file that is not UTF-8 fails the import: exit 1, the code and the line', { timeout: 120_000 }, async () => {
    const bad = Buffer.concat([Buffer.from('external_id,email,name\nu-1,u-1@example.com,Ada\nu-2,u-2@example.com,'), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]);
    const r = lectern(['import', file('latin.csv', bad), '--account', accountId, '--type', 'students'], env);
    expect(r.status, shown(r)).toBe(1);
    expect(r.stdout).toMatch(/^Import imp_[0-9a-z]{26} failed\n/);
    expect(r.stdout).toMatch(/ {2}invalid_encoding at line 3: /);
    expect((await api('/students?external_id=u-1')).data).toEqual([]);
  });

  it('usage errors exit 2 with the help; an unknown account or a missing file exit 1 with one line', { timeout: 120_000 }, () => {
    const csv = file('usage.csv', studentsCsv);
    const usage: [string[], string][] = [
      [['import', csv, '--account', accountId], '--type is required'],
      [['import', file('roster.txt', 'x'), '--account', accountId], 'cannot tell the format of'],
      [['import', csv, '--account', accountId, '--type', 'students', '--sync', 'full'], '--source is required'],
      [['import', csv, '--account', accountId, '--type', 'students', '--max-delete-percent', '101'], '--max-delete-percent must be a whole number from 0 to 100'],
      [['import', csv, '--account', accountId, '--type', 'teachers'], 'Allowed choices are students, enrollments'],
      [['import', csv], "required option '--account <id>' not specified"],
    ];
    for (const [args, message] of usage) {
      const r = lectern(args, env);
      expect(r.status, `lectern ${args.join(' ')}\n${shown(r)}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain('Usage: lectern import');
    }
    const unknown = lectern(['import', csv, '--account', 'acc_nope', '--type', 'students'], env);
    expect(unknown.status, shown(unknown)).toBe(1);
    expect(unknown.stderr).toBe('lectern: Account acc_nope not found\n');
    const missing = lectern(['import', path.join(folder, 'missing.csv'), '--account', accountId, '--type', 'students'], env);
    expect(missing.status, shown(missing)).toBe(1);
    expect(missing.stderr).toMatch(/^lectern: cannot read .*missing\.csv: ENOENT/);
  });

  it('--no-wait queues the import (exit 0); a worker process applies it', { timeout: 120_000 }, async () => {
    const r = lectern(['import', file('later.csv', 'external_id,email,name\nlater-1,later-1@example.com,Ada\n'), '--account', accountId, '--type', 'students', '--no-wait', '--json'], env);
    expect(r.status, shown(r)).toBe(0);
    const queued = JSON.parse(r.stdout);
    expect(queued).toMatchObject({ status: 'queued', progress: { done: 0, total: null } });
    expect((await api(`/imports/${queued.id}`)).data.status).toBe('queued');
    const worker: ChildProcess = spawn(process.execPath, [built('cli/main.js'), 'worker'], { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
    try {
      const deadline = Date.now() + 60_000;
      let status = 'queued';
      while (status !== 'succeeded' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await api(`/imports/${queued.id}`)).data.status;
      }
      expect(status).toBe('succeeded');
    } finally {
      worker.kill('SIGTERM');
    }
  });

  it('--help says what each exit code means; the program lists the command', () => {
    const help = lectern(['import', '--help'], env);
    expect(help.status, shown(help)).toBe(0);
    expect(help.stdout).toContain('Usage: lectern import [options] <file>');
    expect(help.stdout).toMatch(/ 3 {2}succeeded_with_errors/);
    expect(help.stdout).toMatch(/ 4 {2}awaiting_confirmation/);
    expect(lectern(['--help'], env).stdout).toContain('  import ');
  });
});
