import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CourseResponse, CreateCourseBody } from '../../src/modules/courses/courses.schemas.js';
import { createCourse } from '../../src/modules/courses/courses.service.js';
import { AppError } from '../../src/shared/errors.js';
import { responses } from '../../src/shared/schemas.js';
import { testDialects } from '../dialects.js';
import { createCourse as createCourseViaApi, setupApp, show, type TestApp } from '../harness.js';

/** What the test route does after creating its course, to open the windows a crash would. */
type Probe = 'answer' | 'fail-at-commit' | 'unserialisable-answer' | 'client-error-after-write' | 'lose-claim-while-running';

describe.each(testDialects())('Idempotency-Key [%s]', (dialect) => {
  let t: TestApp;
  let probe: Probe = 'answer';
  beforeAll(async () => {
    t = await setupApp(dialect, {
      // Job runners find new jobs only when woken (the export test below).
      config: { jobPollMs: 60_000 },
      extend: (app) => {
        // A create like POST /courses whose handler can fail at each point after its write.
        app.post(
          '/api/v1/test-course-create',
          { config: { scope: 'courses:write' }, schema: { body: CreateCourseBody, response: responses({ 201: CourseResponse }, 409, 422) } },
          async (request, reply) => {
            const course = (await createCourse(t.ctx, request.auth.workspaceId, request.body as CreateCourseBody)).data;
            if (probe === 'fail-at-commit') {
              // Passes now, fails the COMMIT: a deferred foreign key to a course that does not exist.
              await sql`insert into commit_probe (id, course_id) values (${course.id}, 'crs_missing')`.execute(t.ctx.db);
            }
            if (probe === 'client-error-after-write') throw new AppError('course_not_published', 'Refused after the write', { course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z' });
            if (probe === 'lose-claim-while-running') {
              // As a retry taking over a lapsed claim does: the record now belongs to someone else.
              await t.ctx.db.updateTable('idempotency_keys').set({ locked_until: '2000-01-01T00:00:00.000Z' }).where('key', '=', request.headers['idempotency-key'] as string).execute();
            }
            reply.code(201);
            return probe === 'unserialisable-answer' ? { data: { id: course.id } } : { data: course };
          },
        );
      },
    });
    await sql`create table commit_probe (id text primary key, course_id text references courses (id) deferrable initially deferred)`.execute(t.ctx.db);
  });
  afterAll(() => t.close());

  const post = (idempotencyKey: string, body: unknown, key?: string) =>
    t.request({ method: 'POST', url: '/api/v1/courses', body, headers: { 'idempotency-key': idempotencyKey }, ...(key ? { key } : {}) });

  async function countTitled(title: string, key?: string): Promise<number> {
    const response = await t.request({ url: '/api/v1/courses?per_page=100', ...(key ? { key } : {}) });
    return response.body.data.filter((c: { title: string }) => c.title === title).length;
  }

  it('replays the first response (status and body) with Idempotent-Replayed: true, creating once', async () => {
    const first = await post('create-once', { title: 'Once' });
    expect(first.status, show(first)).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    t.clock.advance(5000);
    const again = await post('create-once', { title: 'Once' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countTitled('Once')).toBe(1);
  });

  it('treats the same JSON with keys in another order as the same request', async () => {
    const first = await post('reordered', { title: 'Ordered', description: 'd' });
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/courses',
      payload: '{"description":"d","title":"Ordered"}',
      headers: { 'idempotency-key': 'reordered', 'content-type': 'application/json' },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('answers 422 idempotency_key_reused for the same key with another body or path', async () => {
    await post('reused', { title: 'First body' });
    const other = await post('reused', { title: 'Second body' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    const course = (await post('publish-target', { title: 'Target' })).body.data;
    const otherPath = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/publish`, headers: { 'idempotency-key': 'reused' } });
    expect(otherPath.status).toBe(422);
    expect(await countTitled('Second body')).toBe(0);
  });

  it('runs exactly one of many concurrent requests with one key; the others wait-and-replay or get 409', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => post('concurrent', { title: 'Concurrent' })));
    const statuses = responses.map((r) => r.status);
    const ran = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(ran, statuses.join(',')).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 409) expect(response.body.error.code).toBe('idempotency_request_in_progress');
      else expect(response.body).toEqual(ran[0]!.body);
    }
    expect(await countTitled('Concurrent')).toBe(1);
  });

  it('stores nothing for a request that fails validation or authentication', async () => {
    const invalid = await post('after-invalid', { title: '' });
    expect(invalid.status).toBe(400);
    const unauthenticated = await t.request({ method: 'POST', url: '/api/v1/courses', key: null, body: { title: 'x' }, headers: { 'idempotency-key': 'after-invalid' } });
    expect(unauthenticated.status).toBe(401);
    const valid = await post('after-invalid', { title: 'Valid now' });
    expect(valid.status, show(valid)).toBe(201);
    expect(valid.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a client error the handler answered, such as a 404', async () => {
    const url = '/api/v1/courses/crs_00000000000000000000000000/publish';
    const first = await t.request({ method: 'POST', url, headers: { 'idempotency-key': 'missing-course' } });
    expect(first.status).toBe(404);
    const again = await t.request({ method: 'POST', url, headers: { 'idempotency-key': 'missing-course' } });
    expect(again.status).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('scopes keys to the workspace: another account may use the same key string', async () => {
    const other = await t.newKey();
    await post('shared-name', { title: 'Mine' });
    const theirs = await post('shared-name', { title: 'Theirs' }, other.key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.title).toBe('Theirs');
  });

  it('forgets a key after 24 hours', async () => {
    await post('day-old', { title: 'Yesterday' });
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = await post('day-old', { title: 'Today' });
    expect(later.status).toBe(201);
    expect(later.body.data.title).toBe('Today');
  });

  it('lets a retry run when the process that held the key died mid-request (lock lapsed)', async () => {
    const { workspace_id } = await t.ctx.db.selectFrom('api_keys').select('workspace_id').where('account_id', '=', t.accountId).executeTakeFirstOrThrow();
    const now = t.clock.now();
    const { requestFingerprint } = await import('../../src/modules/idempotency/idempotency.service.js');
    await t.ctx.db
      .insertInto('idempotency_keys')
      .values({
        workspace_id,
        key: 'orphaned',
        request_hash: requestFingerprint('POST', '/api/v1/courses', { title: 'Orphan' }),
        state: 'running',
        response_status: null,
        response_body: null,
        locked_until: new Date(now + 30_000).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const whileLocked = await post('orphaned', { title: 'Orphan' });
    expect(whileLocked.status).toBe(409);
    expect(whileLocked.body.error.code).toBe('idempotency_request_in_progress');
    t.clock.advance(31_000);
    const afterLapse = await post('orphaned', { title: 'Orphan' });
    expect(afterLapse.status, show(afterLapse)).toBe(201);
    expect(await countTitled('Orphan')).toBe(1);
  });

  const record = async (key: string) =>
    t.ctx.db.selectFrom('idempotency_keys').select(['state', 'response_status', 'response_body']).where('key', '=', key).executeTakeFirst();
  const probePost = (key: string, title: string) =>
    t.request({ method: 'POST', url: '/api/v1/test-course-create', body: { title }, headers: { 'idempotency-key': key } });

  it('stores the response in the transaction of the change: the stored body is the bytes sent, with the status set by the handler', async () => {
    const first = await post('atomic-store', { title: 'Stored with its change' });
    expect(first.status, show(first)).toBe(201);
    expect(first.headers.etag).toBeDefined();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await record('atomic-store')).toEqual({ state: 'done', response_status: 201, response_body: first.text });
    const again = await post('atomic-store', { title: 'Stored with its change' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    // A route answering 200 (publish) stores its own status.
    const publish = await t.request({ method: 'POST', url: `/api/v1/courses/${first.body.data.id}/publish`, headers: { 'idempotency-key': 'atomic-publish' } });
    expect(publish.status, show(publish)).toBe(200);
    expect(await record('atomic-publish')).toEqual({ state: 'done', response_status: 200, response_body: publish.text });
  });

  it('commits neither the change nor the stored response when the commit fails, and a retry then runs once', async () => {
    probe = 'fail-at-commit';
    const failed = await probePost('commit-fails', 'Commit fails');
    probe = 'answer';
    expect(failed.status, show(failed)).toBe(500);
    expect(await countTitled('Commit fails')).toBe(0);
    // The 500 released the key (a server error is not replayed).
    expect(await record('commit-fails')).toBeUndefined();
    const retry = await probePost('commit-fails', 'Commit fails');
    expect(retry.status, show(retry)).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTitled('Commit fails')).toBe(1);
    expect((await probePost('commit-fails', 'Commit fails')).headers['idempotent-replayed']).toBe('true');
    expect(await countTitled('Commit fails')).toBe(1);
  });

  it('commits no change when its response cannot be stored (serialising it fails)', async () => {
    probe = 'unserialisable-answer';
    const failed = await probePost('store-fails', 'Store fails');
    probe = 'answer';
    expect(failed.status, show(failed)).toBe(500);
    expect(await countTitled('Store fails')).toBe(0);
    const retry = await probePost('store-fails', 'Store fails');
    expect(retry.status, show(retry)).toBe(201);
    expect(await countTitled('Store fails')).toBe(1);
  });

  it('undoes the writes of a handler that then answers a client error, and replays that error', async () => {
    probe = 'client-error-after-write';
    const refused = await probePost('error-after-write', 'Error after write');
    probe = 'answer';
    expect(refused.status, show(refused)).toBe(409);
    expect(await countTitled('Error after write')).toBe(0);
    const again = await probePost('error-after-write', 'Error after write');
    expect(again.status).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(refused.text);
    expect(await countTitled('Error after write')).toBe(0);
  });

  it('commits nothing for a request whose claim was taken over while it ran (its lock lapsed): 409, and the key stays with its new holder', async () => {
    probe = 'lose-claim-while-running';
    const lost = await probePost('claim-lost', 'Claim lost');
    probe = 'answer';
    expect(lost.status, show(lost)).toBe(409);
    expect(lost.body.error.code).toBe('idempotency_request_in_progress');
    expect(await countTitled('Claim lost')).toBe(0);
    // Its own record is as it left it (running); once the lock lapses a retry runs once.
    expect((await record('claim-lost'))?.state).toBe('running');
    t.clock.advance(61_000);
    const retry = await probePost('claim-lost', 'Claim lost');
    expect(retry.status, show(retry)).toBe(201);
    expect(await countTitled('Claim lost')).toBe(1);
  });

  it('keeps a student create’s 409 student_exists (a unique violation inside the transaction) and replays it', async () => {
    const body = { email: 'twice@example.com', name: 'Twice' };
    const created = await t.request({ method: 'POST', url: '/api/v1/students', body, headers: { 'idempotency-key': 'student-first' } });
    expect(created.status, show(created)).toBe(201);
    const conflict = await t.request({ method: 'POST', url: '/api/v1/students', body, headers: { 'idempotency-key': 'student-second' } });
    expect(conflict.status, show(conflict)).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: 'student_exists', details: { student_id: created.body.data.id } });
    const replay = await t.request({ method: 'POST', url: '/api/v1/students', body, headers: { 'idempotency-key': 'student-second' } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(conflict.text);
  });

  it('runs a bulk create with a taken email (savepoints inside the unit) and an enrollment, both replayed', async () => {
    const records = [
      { email: 'bulk-new@example.com', name: 'New' },
      { email: 'twice@example.com', name: 'Taken' },
    ];
    const bulk = await t.request({ method: 'POST', url: '/api/v1/students/bulk', body: { records }, headers: { 'idempotency-key': 'bulk-mixed' } });
    expect(bulk.status, show(bulk)).toBe(207);
    expect(bulk.body.data.map((r: { status: string }) => r.status)).toEqual(['created', 'error']);
    const replay = await t.request({ method: 'POST', url: '/api/v1/students/bulk', body: { records }, headers: { 'idempotency-key': 'bulk-mixed' } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(bulk.text);

    const course = await createCourseViaApi(t, { title: 'Enrolled once', published: true });
    const enrollment = { student_id: bulk.body.data[0].data.id, course_id: course.id };
    const enrolled = await t.request({ method: 'POST', url: '/api/v1/enrollments', body: enrollment, headers: { 'idempotency-key': 'enroll-once' } });
    expect(enrolled.status, show(enrolled)).toBe(201);
    const again = await t.request({ method: 'POST', url: '/api/v1/enrollments', body: enrollment, headers: { 'idempotency-key': 'enroll-once' } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(enrolled.text);
    expect((await t.request({ url: `/api/v1/courses/${course.id}` })).body.data.enrollment_count).toBe(1);
  });

  it('replays the answers of the routes that send to a receiver before answering (outside a unit of work)', async () => {
    const url = '/api/v1/webhook-deliveries/dlv_00000000000000000000000000/retry';
    const first = await t.request({ method: 'POST', url, headers: { 'idempotency-key': 'retry-missing' } });
    expect(first.status).toBe(404);
    const again = await t.request({ method: 'POST', url, headers: { 'idempotency-key': 'retry-missing' } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('wakes the job runner once a keyed request has committed: its export is built without waiting for a poll', async () => {
    const course = await createCourseViaApi(t, { title: 'Exported with a key' });
    const created = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/export`, body: { format: 'json' }, headers: { 'idempotency-key': 'export-once' } });
    expect(created.status, show(created)).toBe(202);
    const deadline = Date.now() + 10_000;
    let job = created.body.data;
    while (job.status !== 'succeeded' && job.status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      job = (await t.request({ url: `/api/v1/exports/${job.id}` })).body.data;
    }
    expect(job.status).toBe('succeeded');
  });

  it('refuses a key longer than 255 characters', async () => {
    const response = await post('k'.repeat(256), { title: 'Too long a key' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_parameter');
  });
});
