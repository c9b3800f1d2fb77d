import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { ExportJob } from '../../exports/exports.schemas.js';
import { createExport, getExport } from '../../exports/exports.service.js';
import { defineTool, type ToolCall } from '../tool-definition.js';
import { ExportOutput } from './people-schemas.js';
import { CourseId, IdempotencyKey } from './shared-schemas.js';
import { idempotent } from '../tool-idempotency.js';

/** The longest a call waits for its export (the contract's 60 s); `wait_seconds` shortens it. */
export const EXPORT_WAIT_SECONDS = 60;
const POLL_MS = 200;
const steps = { queued: 0, running: 1, succeeded: 2, failed: 2 } as const;

/** The export with an absolute download URL, which an assistant can hand to its user. */
function absolute(call: ToolCall, job: ExportJob): ExportJob {
  return job.download_url === null ? job : { ...job, download_url: new URL(job.download_url, call.baseUrl).href };
}

/**
 * Waits for the job runner to finish the export, telling the client each step (queued, running,
 * done) when it asked for progress. The wait is real time, not the service clock: it is about
 * the caller's patience, and a job runner works on real time too.
 */
async function waitFor(call: ToolCall, job: ExportJob, waitMs: number): Promise<ExportJob> {
  const deadline = performance.now() + waitMs;
  let reported = -1;
  for (;;) {
    if (steps[job.status] > reported) {
      reported = steps[job.status];
      await call.progress(reported, 2, `export ${job.id} ${job.status}`);
    }
    if (job.status === 'succeeded' || job.status === 'failed' || performance.now() >= deadline) return job;
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - performance.now())));
    job = await getExport(call.ctx, call.auth.workspaceId, job.id);
  }
}

export const exportCourse = defineTool({
  name: 'export_course',
  title: 'Export a course',
  description:
    'Exports a course and waits up to 60 s, reporting progress: answers the export with its download_url (GET it with the key; 7 days), or the unfinished export to poll at GET /api/v1/exports/{id}.',
  scope: 'exports:write',
  rateLimit: 'export',
  // Each call builds a new export (no overwrite, no delete).
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  inputSchema: z.object({
    course_id: CourseId,
    format: z.enum(['json', 'imscc', 'scorm12', 'cmi5']).describe('json (re-importable), imscc (Common Cartridge), scorm12, cmi5.'),
    wait_seconds: z.number().int().min(0).max(EXPORT_WAIT_SECONDS).optional().describe('Default 60.'),
    idempotency_key: IdempotencyKey,
  }),
  outputSchema: ExportOutput,
  async run(call, input) {
    const { idempotency_key, wait_seconds, ...args } = input;
    const job = await idempotent(call, 'export_course', idempotency_key, args, () => createExport(call.ctx, call.auth.workspaceId, args.course_id, { format: args.format }));
    // A retry under the same key gets the first call's export as it was, then waits for it as it is.
    return absolute(call, await waitFor(call, job, (wait_seconds ?? EXPORT_WAIT_SECONDS) * 1000));
  },
});
