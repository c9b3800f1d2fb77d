import { describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { accountKey, callApi, type RunningServer, startServer } from './spawn.js';

/**
 * Export jobs live in the database's job queue, not in a process: an export queued by a server
 * that then dies (SIGKILL, nothing flushed or handed over) is built by the next server to start on
 * the same database and data directory, and its file downloads.
 */
describe.each(testDialects())('exports across restarts [%s]', (dialect) => {
  it('an export queued when the process stops completes after a new process starts', async () => {
    const { env, drop } = await freshDatabaseEnv(dialect);
    const servers: RunningServer[] = [];
    try {
      const key = accountKey(env);
      // The first server runs no worker, so only the database carries the job to the next one.
      const first = await startServer({ ...env, WORKER: 'off' });
      servers.push(first);
      const course = await callApi(first, 'POST', '/courses', key, { title: 'Outlives its server' });
      expect(course.status, course.text).toBe(201);
      const module = await callApi(first, 'POST', `/courses/${course.body.data.id}/modules`, key, { title: 'Only module' });
      await callApi(first, 'POST', `/modules/${module.body.data.id}/lessons`, key, { title: 'Only lesson', type: 'text', content: 'Hi' });
      const created = await callApi(first, 'POST', `/courses/${course.body.data.id}/export`, key, { format: 'imscc' });
      expect(created.status, created.text).toBe(202);
      const id = created.body.data.id as string;
      first.process.kill('SIGKILL');
      await first.exited;

      const second = await startServer({ ...env, JOB_POLL_MS: '100' });
      servers.push(second);
      const deadline = Date.now() + 20_000;
      let job: any;
      do {
        await new Promise((r) => setTimeout(r, 50));
        job = (await callApi(second, 'GET', `/exports/${id}`, key)).body.data;
      } while (job.status !== 'succeeded' && job.status !== 'failed' && Date.now() < deadline);
      expect(job).toMatchObject({ status: 'succeeded', download_url: `/api/v1/exports/${id}/download` });

      const file = await fetch(`${second.url}${job.download_url}`, { headers: { authorization: `Bearer ${key}` } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/zip');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.length).toBe(job.size_bytes);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      expect(bytes.includes(Buffer.from('imsmanifest.xml'))).toBe(true);
    } finally {
      for (const server of servers) {
        if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
        await server.exited;
      }
      await drop();
    }
  }, 60_000);
});
