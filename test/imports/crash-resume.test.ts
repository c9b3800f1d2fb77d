import { describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { accountKey, callApi, type RunningServer, startServer } from '../process/spawn.js';
import { zipOf } from './support.js';

const STUDENTS = 10_000;

/**
 * A server killed (SIGKILL: nothing flushed, no lease handed back) in the middle of an import of
 * 20,000 rows: the next server on the same database and files takes it up once the lease lapses,
 * from the last committed chunk, and every row is applied exactly once: one student, one
 * enrollment, one result line and one event per row, and the course counts each enrollment once.
 */
describe.each(testDialects())('imports across a crash [%s]', (dialect) => {
  it('a process killed mid-import and restarted finishes with every row applied once', async () => {
    const { env, drop } = await freshDatabaseEnv(dialect);
    const servers: RunningServer[] = [];
    const settings = { ...env, IMPORT_CHUNK_ROWS: '500', IMPORT_LEASE_MS: '1500', JOB_POLL_MS: '100' };
    try {
      const key = accountKey(env, 100_000);
      const first = await startServer(settings);
      servers.push(first);
      const course = await callApi(first, 'POST', '/courses', key, { title: 'Crash course', external_id: 'CRASH-101', published: true });
      expect(course.status, course.text).toBe(201);
      const ids = Array.from({ length: STUDENTS }, (_, i) => `K${String(i).padStart(5, '0')}`);
      const zip = await zipOf({
        'students.csv': `external_id,email,name\n${ids.map((id) => `${id},${id.toLowerCase()}@example.com,Student ${id}`).join('\n')}\n`,
        'enrollments.csv': `student_external_id,course_external_id\n${ids.map((id) => `${id},CRASH-101`).join('\n')}\n`,
      });
      const posted = await fetch(`${first.url}/api/v1/imports?source=sis`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' }, body: zip });
      expect(posted.status, await posted.clone().text()).toBe(202);
      const id = ((await posted.json()) as { data: { id: string } }).data.id;

      // Killed once some chunks have committed and others have not.
      const deadline = Date.now() + 60_000;
      let seen: any;
      do {
        await new Promise((r) => setTimeout(r, 20));
        seen = (await callApi(first, 'GET', `/imports/${id}`, key)).body.data;
      } while (seen.progress.done < 1_500 && seen.status !== 'succeeded' && Date.now() < deadline);
      first.process.kill('SIGKILL');
      await first.exited;
      expect(seen.status).toBe('running');

      const second = await startServer(settings);
      servers.push(second);
      const started = Date.now();
      let done: any;
      do {
        await new Promise((r) => setTimeout(r, 100));
        done = (await callApi(second, 'GET', `/imports/${id}`, key)).body.data;
      } while (done.status === 'running' || done.status === 'queued' ? Date.now() - started < 120_000 : false);
      expect(done).toMatchObject({ status: 'succeeded', progress: { done: 2 * STUDENTS, total: 2 * STUDENTS }, counts: { created: 2 * STUDENTS, updated: 0, unchanged: 0, failed: 0 } });

      const students = await callApi(second, 'GET', '/students?per_page=1', key);
      expect(students.body.pagination.total).toBe(STUDENTS);
      const enrolled = await callApi(second, 'GET', `/courses/${course.body.data.id}`, key);
      expect(enrolled.body.data.enrollment_count).toBe(STUDENTS);
      const enrollments = await callApi(second, 'GET', `/enrollments?course_id=${course.body.data.id}&per_page=1`, key);
      expect(enrollments.body.pagination.total).toBe(STUDENTS);
      for (const type of ['student.created', 'student.enrolled']) {
        const events = await callApi(second, 'GET', `/events?type=${type}&per_page=1`, key);
        expect(events.body.pagination.total, type).toBe(STUDENTS);
      }
      const lines = (await (await fetch(`${second.url}/api/v1/imports/${id}/results`, { headers: { authorization: `Bearer ${key}` } })).text()).trimEnd().split('\n');
      expect(lines).toHaveLength(2 * STUDENTS);
      expect(new Set(lines.map((l) => `${(JSON.parse(l) as { file: string; line: number }).file}:${(JSON.parse(l) as { line: number }).line}`)).size).toBe(2 * STUDENTS);
    } finally {
      for (const server of servers) {
        if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
        await server.exited;
      }
      await drop();
    }
  }, 240_000);
});
