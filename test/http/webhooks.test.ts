import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Lookup } from '../../src/modules/webhooks/url-safety.js';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';
import { WebhookReceiver } from '../webhook-receiver.js';

/** Webhooks run in seconds here: retries 1 s apart (on the test's clock), a fast poll. */
const webhookConfig = (overrides: Partial<ReturnType<typeof loadConfig>['webhooks']> = {}) => ({
  jobPollMs: 20,
  webhooks: { ...loadConfig({}).webhooks, retrySchedule: [1_000, 1_000, 1_000], timeoutMs: 2_000, allowPrivate: true, ...overrides },
});

describe.each(testDialects())('webhooks [%s]', (dialect) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  const endpoints: string[] = [];

  beforeAll(async () => {
    t = await setupApp(dialect, { config: webhookConfig({ disableAfterMs: 10_000 }) });
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  // Signatures carry the service's clock, which the receiver checks against its own.
  const syncClock = () => t.clock.set(Date.now());
  afterEach(async () => {
    for (const id of endpoints.splice(0)) await t.request({ method: 'DELETE', url: `/api/v1/webhook-endpoints/${id}` });
    receiver.reset();
  });

  async function endpoint(body: Record<string, unknown> = {}, key?: string) {
    syncClock();
    const response = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: receiver.url, ...body }, ...(key ? { key } : {}) });
    if (response.status !== 201) throw new Error(show(response));
    endpoints.push(response.body.data.id);
    receiver.trust(response.body.data.secret);
    return response.body.data as { id: string; secret: string; [k: string]: unknown };
  }

  async function post(url: string, body?: unknown) {
    const response = await t.request({ method: 'POST', url, ...(body === undefined ? {} : { body }) });
    if (response.status >= 300) throw new Error(show(response));
    return response.body.data;
  }

  const deliveries = async (endpointId: string, query = '') => {
    const response = await t.request({ url: `/api/v1/webhook-endpoints/${endpointId}/deliveries${query}` });
    expect(response.status, show(response)).toBe(200);
    return response.body.data as any[];
  };

  /**
   * Runs the background jobs until none is due and none is running: every delivery the requests so
   * far caused has been attempted, every retry that is due too, and nothing more is on its way.
   */
  const drain = () => t.app.background.drain();

  /** The endpoint's deliveries once drained: each attempted, none pending with an attempt due now. */
  async function settled(endpointId: string, count: number) {
    await drain();
    const list = await deliveries(endpointId, '?per_page=100');
    const states = JSON.stringify(list.map((d) => [d.status, d.attempt_count, d.next_attempt_at]));
    expect(list.length, states).toBeGreaterThanOrEqual(count);
    expect(list.every((d) => d.attempt_count > 0 && (d.status !== 'pending' || d.next_attempt_at > new Date(t.clock.now()).toISOString())), states).toBe(true);
    return list;
  }

  it('delivers signed events for course create, update, publish and delete, enrolling and completing, with the right objects', async () => {
    const hook = await endpoint();
    const course = await createCourse(t, { title: 'Webhooks 101' });
    await t.request({ method: 'PATCH', url: `/api/v1/courses/${course.id}`, body: { title: 'Webhooks 102' } });
    const module = await post(`/api/v1/courses/${course.id}/modules`, { title: 'Only module' });
    const lesson = await post(`/api/v1/modules/${module.id}/lessons`, { title: 'Only lesson', type: 'text' });
    await post(`/api/v1/courses/${course.id}/publish`);
    await post(`/api/v1/courses/${course.id}/publish`); // already published: changes nothing, reports nothing
    const student = await post('/api/v1/students', { email: 'hook@example.com', name: 'Hook Learner' });
    const enrollment = await post('/api/v1/enrollments', { student_id: student.id, course_id: course.id });
    const progress = await post(`/api/v1/students/${student.id}/progress`, { lesson_id: lesson.id, status: 'completed', time_spent_seconds: 60 });
    // Completed before: later activity on the lesson reports nothing.
    await post(`/api/v1/students/${student.id}/progress`, { lesson_id: lesson.id, status: 'completed' });
    await post(`/api/v1/students/${student.id}/progress`, { lesson_id: lesson.id, status: 'started' });
    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}?force=true` });
    expect(deleted.status, show(deleted)).toBe(200);

    const expected = [
      'course.created',
      'course.updated',
      'module.created',
      'lesson.created',
      'course.published',
      'student.created',
      'student.enrolled',
      'student.completed_lesson',
      'student.completed_course',
      'course.deleted',
    ];
    await drain(); // every delivery is over: nothing more arrives
    const received = receiver.deliveries;
    expect(receiver.unverified).toEqual([]);
    expect(receiver.deliveries.map((d) => d.type).sort()).toEqual([...expected].sort());

    const byType = Object.fromEntries(received.map((d) => [d.type, d.body]));
    expect(byType['course.created'].data.object).toMatchObject({ id: course.id, title: 'Webhooks 101', published: false });
    expect(byType['course.updated'].data.object).toMatchObject({ id: course.id, title: 'Webhooks 102' });
    expect(byType['course.published'].data.object).toMatchObject({ id: course.id, published: true });
    expect(byType['module.created'].data.object).toMatchObject({ id: module.id, course_id: course.id });
    expect(byType['lesson.created'].data.object).toMatchObject({ id: lesson.id, module_id: module.id, course_id: course.id });
    expect(byType['student.created'].data.object).toEqual(student);
    expect(byType['student.enrolled'].data.object).toEqual(enrollment);
    expect(byType['student.completed_lesson'].data.object).toMatchObject({
      student_id: student.id,
      lesson_id: lesson.id,
      course_id: course.id,
      status: 'completed',
      enrollment: { id: enrollment.id, status: 'completed' },
    });
    expect(byType['student.completed_lesson'].data.object).toEqual(progress);
    expect(byType['student.completed_course'].data.object).toMatchObject({ id: enrollment.id, student_id: student.id, course_id: course.id, status: 'completed', progress_percent: 100 });
    expect(byType['course.deleted'].data.object).toMatchObject({ id: course.id, title: 'Webhooks 102' });
    for (const d of received) {
      // webhook-id is the event id, the same one GET /events answers with the same payload.
      expect(d.id).toBe(d.body.id);
      const event = await t.request({ url: `/api/v1/events/${d.id}` });
      expect(event.status, show(event)).toBe(200);
      expect(event.body.data).toEqual(d.body);
    }
    const log = await settled(hook.id, expected.length);
    expect(log.every((x) => x.status === 'succeeded' && x.attempt_count === 1 && x.attempts[0].status_code === 200)).toBe(true);
  });

  it('reports quiz attempts: quiz.submitted, then quiz.failed or quiz.passed, with the attempt', async () => {
    await endpoint({ events: ['quiz.submitted', 'quiz.passed', 'quiz.failed'] });
    const course = await createCourse(t);
    const module = await post(`/api/v1/courses/${course.id}/modules`, { title: 'M' });
    const quizLesson = await post(`/api/v1/modules/${module.id}/lessons`, {
      title: 'Quiz',
      type: 'quiz',
      quiz: { passing_score: 100, questions: [{ prompt: 'A square is a rectangle', kind: 'true_false', answer: true }] },
    });
    await post(`/api/v1/courses/${course.id}/publish`);
    const student = await post('/api/v1/students', { email: 'quiz-hook@example.com', name: 'Q' });
    await post('/api/v1/enrollments', { student_id: student.id, course_id: course.id });
    const questionId = quizLesson.quiz.questions[0].id;
    const failed = await post(`/api/v1/lessons/${quizLesson.id}/quiz-attempts`, { student_id: student.id, answers: [{ question_id: questionId, answer: false }] });
    const passed = await post(`/api/v1/lessons/${quizLesson.id}/quiz-attempts`, { student_id: student.id, answers: [{ question_id: questionId, answer: true }] });

    await drain();
    expect(receiver.deliveries.map((d) => d.type).sort()).toEqual(['quiz.failed', 'quiz.passed', 'quiz.submitted', 'quiz.submitted']);
    expect(receiver.ofType('quiz.failed')[0]!.body.data.object).toEqual(failed);
    expect(receiver.ofType('quiz.passed')[0]!.body.data.object).toEqual(passed);
    expect(receiver.ofType('quiz.submitted').map((d) => d.body.data.object.id).sort()).toEqual([failed.id, passed.id].sort());
    // Lessons never carry quiz answers in events (a webhooks key need not be allowed to read them).
    const created = await t.request({ url: `/api/v1/events?type=lesson.created&per_page=100` });
    const quizEvent = created.body.data.find((e: any) => e.data.object.id === quizLesson.id);
    expect(quizEvent.data.object.quiz.questions[0]).not.toHaveProperty('answer');
  });

  it('sends only subscribed types, to enabled endpoints, and records nothing for a write that fails', async () => {
    const only = await endpoint({ events: ['student.created'] });
    const off = await endpoint({ enabled: false });
    receiver.trust(only.secret);
    await createCourse(t);
    await post('/api/v1/students', { email: 'sub@example.com', name: 'Sub' });
    const duplicate = await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'SUB@example.com', name: 'Again' } });
    expect(duplicate.status).toBe(409);
    await drain();
    expect(receiver.deliveries.map((d) => d.type)).toEqual(['student.created']);
    expect(await deliveries(off.id)).toEqual([]);
    expect((await deliveries(only.id)).map((d) => d.event_type)).toEqual(['student.created']);
    const events = await t.request({ url: '/api/v1/events?type=student.created&per_page=100' });
    expect(events.body.data.filter((e: any) => e.data.object.email.toLowerCase() === 'sub@example.com')).toHaveLength(1);
  });

  it('retries a failing receiver on the schedule, logs every attempt, and delivers once it recovers', async () => {
    const attemptsSoFar = async () => {
      const text = (await t.app.inject({ url: '/metrics' })).body;
      const sample = (result: string) => Number(new RegExp(`^lectern_webhook_attempts_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
      return { succeeded: sample('succeeded'), failed: sample('failed'), due: Number(/^lectern_jobs_due (\d+)$/m.exec(text)?.[1]) };
    };
    const before = await attemptsSoFar();
    receiver.answer = (n) => (n <= 2 ? 500 : 200);
    const hook = await endpoint();
    const course = await createCourse(t);
    let log = await settled(hook.id, 1);
    expect(log[0]).toMatchObject({ status: 'pending', attempt_count: 1, attempts: [{ attempt: 1, status_code: 500, response_excerpt: 'failed with 500', error: null }] });
    // The next attempt is due about 1 s later (±10% jitter); nothing happens before.
    const due = Date.parse(log[0].next_attempt_at) - t.clock.now();
    expect(due).toBeGreaterThanOrEqual(900);
    expect(due).toBeLessThanOrEqual(1_100);
    t.clock.advance(due);
    log = await settled(hook.id, 1);
    expect(log[0].attempt_count).toBe(2);
    t.clock.advance(Date.parse(log[0].next_attempt_at) - t.clock.now());
    log = await settled(hook.id, 1);
    expect(log[0]).toMatchObject({ status: 'succeeded', attempt_count: 3, next_attempt_at: null });
    expect(log[0].attempts.map((a: any) => a.status_code)).toEqual([500, 500, 200]);
    expect(log[0].attempts.every((a: any) => Number.isInteger(a.latency_ms) && a.latency_ms >= 0)).toBe(true);
    // Every attempt carried the same event, with the same webhook-id.
    expect(new Set(receiver.deliveries.map((d) => d.id))).toEqual(new Set([log[0].event_id]));
    expect(receiver.deliveries[0]!.body.data.object.id).toBe(course.id);
    expect(await attemptsSoFar()).toEqual({ succeeded: before.succeeded + 1, failed: before.failed + 2, due: 0 });
  });

  it('marks a delivery failed when the schedule runs out; a manual retry sends it again now', async () => {
    receiver.answer = () => 503;
    const hook = await endpoint();
    await createCourse(t);
    let log = await settled(hook.id, 1);
    for (let i = 0; i < 3; i++) {
      // Pending, and when it will be tried again.
      expect(log[0]).toMatchObject({ status: 'pending', next_attempt_at: expect.any(String) });
      expect(Date.parse(log[0].next_attempt_at)).toBeGreaterThan(t.clock.now());
      t.clock.advance(Date.parse(log[0].next_attempt_at) - t.clock.now());
      log = await settled(hook.id, 1);
      expect(log[0].attempt_count).toBe(2 + i);
    }
    expect(log[0]).toMatchObject({ status: 'failed', attempt_count: 4, next_attempt_at: null });
    receiver.answer = () => 200;
    syncClock();
    const retried = await t.request({ method: 'POST', url: `/api/v1/webhook-deliveries/${log[0].id}/retry` });
    expect(retried.status, show(retried)).toBe(200);
    expect(retried.body.data).toMatchObject({ id: log[0].id, status: 'succeeded', attempt_count: 5, next_attempt_at: null });
    expect(retried.body.data.attempts.map((a: any) => a.status_code)).toEqual([503, 503, 503, 503, 200]);
    expect((await t.request({ url: `/api/v1/webhook-deliveries/${log[0].id}` })).body.data).toEqual(retried.body.data);
  });

  it('disables an endpoint that keeps failing past the limit and records webhook_endpoint.disabled for the others', async () => {
    const watcher = await new WebhookReceiver().start();
    try {
      const failing = await endpoint({ url: `${receiver.url}?failing`, events: ['course.created'] });
      receiver.answer = () => 500;
      const healthy = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: watcher.url, events: ['webhook_endpoint.disabled'] } });
      endpoints.push(healthy.body.data.id);
      watcher.trust(healthy.body.data.secret);
      await createCourse(t);
      let log = await settled(failing.id, 1);
      // Failing since the first attempt; the limit is 10 s here: the attempts 1 s apart stay under it…
      t.clock.advance(Date.parse(log[0].next_attempt_at) - t.clock.now());
      log = await settled(failing.id, 1);
      expect((await t.request({ url: `/api/v1/webhook-endpoints/${failing.id}` })).body.data.enabled).toBe(true);
      // …and the next failure 10 s after the first disables it.
      t.clock.advance(10_000);
      await drain();
      expect(watcher.deliveries.map((d) => d.type)).toEqual(['webhook_endpoint.disabled']);
      const disabled = (await t.request({ url: `/api/v1/webhook-endpoints/${failing.id}` })).body.data;
      expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'failing' });
      expect(watcher.deliveries[0]!.body).toMatchObject({ type: 'webhook_endpoint.disabled', data: { object: { id: failing.id, enabled: false, disabled_reason: 'failing' } } });
      expect(watcher.deliveries[0]!.body.data.object).not.toHaveProperty('secret');
      // A disabled endpoint gets no new deliveries; enabled again, it does.
      const before = receiver.requests;
      await createCourse(t);
      await drain();
      expect(receiver.requests).toBe(before);
      receiver.answer = () => 200;
      const enabled = await t.request({ method: 'PUT', url: `/api/v1/webhook-endpoints/${failing.id}`, body: { enabled: true } });
      expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null });
      syncClock();
      const course = await createCourse(t);
      await drain();
      expect(receiver.deliveries.filter((x) => x.body.data.object.id === course.id)).toHaveLength(1);
    } finally {
      await watcher.close();
    }
  });

  it('signs with both secrets during a rotation grace period, and with the new one only after it', async () => {
    const hook = await endpoint({ events: ['course.created'] });
    const rotated = await t.request({ method: 'POST', url: `/api/v1/webhook-endpoints/${hook.id}/rotate-secret`, body: { grace_period_seconds: 3600 } });
    expect(rotated.status, show(rotated)).toBe(200);
    const newSecret = rotated.body.data.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(hook.secret);
    for (const secret of [hook.secret, newSecret]) {
      receiver.trust(secret);
      receiver.reset();
      syncClock();
      await createCourse(t);
      await drain();
      expect(receiver.deliveries).toHaveLength(1);
      expect(receiver.deliveries[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    }
    const ended = await t.request({ method: 'POST', url: `/api/v1/webhook-endpoints/${hook.id}/rotate-secret`, body: { grace_period_seconds: 0 } });
    const latest = ended.body.data.secret as string;
    receiver.trust(newSecret);
    receiver.reset();
    syncClock();
    await createCourse(t);
    await drain();
    expect(receiver.deliveries).toEqual([]);
    expect(receiver.unverified).toHaveLength(1);
    expect(receiver.unverified[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    receiver.trust(latest);
    receiver.reset();
    syncClock();
    await createCourse(t);
    await drain();
    expect(receiver.deliveries).toHaveLength(1);
    expect(receiver.unverified).toEqual([]);
  });

  it('shows hints of the secrets, never a secret: the previous one with the end of its grace while that runs', async () => {
    const hook = await endpoint({ events: ['course.created'] });
    const hintOf = (secret: string) => `${secret.slice(0, 10)}…${secret.slice(-4)}`;
    const read = async () => {
      const response = await t.request({ url: `/api/v1/webhook-endpoints/${hook.id}` });
      expect(response.status, show(response)).toBe(200);
      expect(response.text).not.toContain(hook.secret);
      return response;
    };
    const before = await read();
    expect(before.body.data).toMatchObject({ secret_hint: hintOf(hook.secret), previous_secret_hint: null, previous_secret_expires_at: null });

    const rotated = await t.request({ method: 'POST', url: `/api/v1/webhook-endpoints/${hook.id}/rotate-secret`, body: { grace_period_seconds: 60 } });
    expect(rotated.status, show(rotated)).toBe(200);
    const newSecret = rotated.body.data.secret as string;
    receiver.trust(newSecret);
    const shown = { secret_hint: hintOf(newSecret), previous_secret_hint: hintOf(hook.secret), previous_secret_expires_at: new Date(t.clock.now() + 60_000).toISOString() };
    expect(rotated.body.data).toMatchObject(shown);
    const during = await read();
    expect(during.body.data).toMatchObject(shown);
    expect(during.text).not.toContain(newSecret);
    const listed = await t.request({ url: '/api/v1/webhook-endpoints?per_page=100' });
    expect(listed.body.data.find((e: { id: string }) => e.id === hook.id)).toMatchObject(shown);

    // Once the grace has ended the previous secret no longer signs, and is no longer shown; the ETag tells.
    t.clock.advance(60_001);
    const after = await read();
    expect(after.body.data).toMatchObject({ secret_hint: hintOf(newSecret), previous_secret_hint: null, previous_secret_expires_at: null });
    expect(after.headers.etag).not.toBe(during.headers.etag);
    const ungraced = await t.request({ method: 'POST', url: `/api/v1/webhook-endpoints/${hook.id}/rotate-secret`, body: { grace_period_seconds: 0 } });
    expect(ungraced.body.data).toMatchObject({ secret_hint: hintOf(ungraced.body.data.secret), previous_secret_hint: null, previous_secret_expires_at: null });
    receiver.trust(ungraced.body.data.secret);
  });

  it('manages endpoints: the secret shown once, list, ETag updates, delete, validation', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: receiver.url, events: ['course.created', 'student.created'], description: 'CRM sync' } });
    expect(created.status, show(created)).toBe(201);
    endpoints.push(created.body.data.id);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^whe_[0-9a-z]{26}$/),
      url: receiver.url,
      description: 'CRM sync',
      events: ['course.created', 'student.created'],
      enabled: true,
      disabled_reason: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      secret_hint: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{4}…[A-Za-z0-9+/]{3}=$/),
      previous_secret_hint: null,
      previous_secret_expires_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.data.id;
    const read = await t.request({ url: `/api/v1/webhook-endpoints/${id}` });
    expect(read.body.data).not.toHaveProperty('secret');
    expect(read.text).not.toContain(created.body.data.secret);
    const list = await t.request({ url: '/api/v1/webhook-endpoints' });
    expect(list.body.data.map((e: any) => e.id)).toContain(id);
    expect(list.text).not.toContain(created.body.data.secret);
    expect(list.text, 'hints only').not.toMatch(/whsec_[A-Za-z0-9+/]{43}=/);

    const stale = await t.request({ method: 'PUT', url: `/api/v1/webhook-endpoints/${id}`, body: { description: 'x' }, headers: { 'if-match': '"nope"' } });
    expect(stale.status).toBe(412);
    const updated = await t.request({ method: 'PATCH', url: `/api/v1/webhook-endpoints/${id}`, body: { events: ['*', 'course.created'], description: '' }, headers: { 'if-match': read.headers.etag as string } });
    expect(updated.status, show(updated)).toBe(200);
    expect(updated.body.data).toMatchObject({ events: ['*'], description: '' });

    for (const body of [
      { url: 'ftp://example.com/hook' },
      { url: 'not a url' },
      { url: 'http://user:pass@127.0.0.1/hook' },
      { url: receiver.url, events: ['course.exploded'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, secret: 'whsec_mine' },
    ]) {
      const bad = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body });
      expect(bad.status, `${JSON.stringify(body)} → ${show(bad)}`).toBe(400);
      expect(bad.body.error.code).toBe('validation_error');
    }
    const gone = await t.request({ method: 'DELETE', url: `/api/v1/webhook-endpoints/${id}` });
    expect(gone.body).toEqual({ data: { id, deleted: true } });
    expect((await t.request({ url: `/api/v1/webhook-endpoints/${id}` })).status).toBe(404);
  });

  it('keeps workspaces apart and checks scopes', async () => {
    const hook = await endpoint();
    await createCourse(t);
    const [delivery] = await settled(hook.id, 1);
    const other = await t.newKey();
    for (const [method, url] of [
      ['GET', `/api/v1/webhook-endpoints/${hook.id}`],
      ['PUT', `/api/v1/webhook-endpoints/${hook.id}`],
      ['DELETE', `/api/v1/webhook-endpoints/${hook.id}`],
      ['GET', `/api/v1/webhook-endpoints/${hook.id}/deliveries`],
      ['POST', `/api/v1/webhook-endpoints/${hook.id}/test`],
      ['POST', `/api/v1/webhook-endpoints/${hook.id}/rotate-secret`],
      ['GET', `/api/v1/webhook-deliveries/${delivery.id}`],
      ['POST', `/api/v1/webhook-deliveries/${delivery.id}/retry`],
      ['GET', `/api/v1/events/${delivery.event_id}`],
    ] as const) {
      const response = await t.request({ method, url, key: other.key, ...(method === 'PUT' ? { body: { description: 'x' } } : {}) });
      expect(response.status, `${method} ${url}: ${show(response)}`).toBe(404);
      expect(response.body.error.code).toBe('resource_not_found');
    }
    expect((await t.request({ url: '/api/v1/events', key: other.key })).body.data).toEqual([]);
    const reader = await t.newKey({ accountId: t.accountId, scopes: ['webhooks:read'] });
    expect((await t.request({ url: `/api/v1/webhook-endpoints/${hook.id}`, key: reader.key })).status).toBe(200);
    expect((await t.request({ url: '/api/v1/events', key: reader.key })).status).toBe(200);
    const write = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: receiver.url }, key: reader.key });
    expect(write.status).toBe(403);
    expect(write.body.error.details).toEqual({ required_scope: 'webhooks:write' });
    const coursesOnly = await t.newKey({ accountId: t.accountId, scopes: ['courses:write'] });
    const denied = await t.request({ url: '/api/v1/events', key: coursesOnly.key });
    expect(denied.status).toBe(403);
    expect(denied.body.error.details).toEqual({ required_scope: 'webhooks:read' });
  });

  it('sends a test event to one endpoint on demand and answers the attempt', async () => {
    const hook = await endpoint({ events: ['student.deleted'] });
    const response = await t.request({ method: 'POST', url: `/api/v1/webhook-endpoints/${hook.id}/test` });
    expect(response.status, show(response)).toBe(200);
    expect(response.body.data).toMatchObject({
      endpoint_id: hook.id,
      event_type: 'webhook_endpoint.test',
      status: 'succeeded',
      attempt_count: 1,
      attempts: [{ attempt: 1, status_code: 200, response_excerpt: 'ok', error: null }],
    });
    expect(receiver.deliveries.map((d) => d.type)).toEqual(['webhook_endpoint.test']);
    expect(receiver.deliveries[0]!.body.data.object).toMatchObject({ id: hook.id, url: receiver.url, secret_hint: hook.secret_hint });
    expect(JSON.stringify(receiver.deliveries[0]!.body)).not.toContain(hook.secret);

    // A failed test delivery says that it will be retried, and when.
    receiver.answer = () => 500;
    const failed = await t.request({ method: 'POST', url: `/api/v1/webhook-endpoints/${hook.id}/test` });
    expect(failed.status, show(failed)).toBe(200);
    expect(failed.body.data).toMatchObject({ status: 'pending', attempt_count: 1, attempts: [{ status_code: 500 }], next_attempt_at: expect.any(String) });
    expect(Date.parse(failed.body.data.next_attempt_at)).toBeGreaterThan(t.clock.now());
  });
});

describe('webhook URL safety', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  // DNS as the test says: a public address at first, then (a rebinding attack) loopback.
  let resolveTo = '93.184.216.34';
  const lookup: Lookup = async () => [{ address: resolveTo, family: 4 }];

  beforeAll(async () => {
    t = await setupApp('sqlite', { config: webhookConfig({ allowPrivate: false }), webhookLookup: lookup });
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses loopback, metadata, private and link-local targets, also behind a host name, with 400 validation_error', async () => {
    resolveTo = '127.0.0.1';
    for (const url of ['http://127.0.0.1/hook', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/hook', 'http://[::1]/hook', 'http://2130706433/hook', 'http://loopback.example.test/hook']) {
      const response = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url } });
      expect(response.status, `${url}: ${show(response)}`).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'validation_error', details: { errors: [{ path: '/url', message: expect.stringMatching(/private, loopback or link-local/) }] } });
    }
    const namedLoopback = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: 'https://hooks.example.test/in' } });
    expect(namedLoopback.status).toBe(400);
  });

  it('checks again when connecting: a host that resolves to loopback after creation is never contacted', async () => {
    resolveTo = '93.184.216.34';
    const port = new URL(receiver.url).port;
    const created = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: `http://rebind.example.test:${port}/hooks` } });
    expect(created.status, show(created)).toBe(201);
    resolveTo = '127.0.0.1';
    const tested = await t.request({ method: 'POST', url: `/api/v1/webhook-endpoints/${created.body.data.id}/test` });
    expect(tested.status, show(tested)).toBe(200);
    expect(tested.body.data).toMatchObject({ status: 'pending', attempts: [{ status_code: null, error: 'forbidden_address: 127.0.0.1' }] });
    expect(receiver.requests).toBe(0);
  });

  it('refuses the localhost name through the real resolver', async () => {
    const plain = await setupApp('sqlite', { config: webhookConfig({ allowPrivate: false }) });
    try {
      const response = await plain.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: 'http://localhost:8080/hook' } });
      expect(response.status, show(response)).toBe(400);
    } finally {
      await plain.close();
    }
  });

  it('requires https in production', async () => {
    const production = await setupApp('sqlite', { config: { ...webhookConfig({ allowPrivate: false }), production: true, trustProxy: true }, webhookLookup: lookup });
    try {
      resolveTo = '93.184.216.34';
      const headers = { 'x-forwarded-proto': 'https' };
      const plain = await production.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: 'http://hooks.example.test/in' }, headers });
      expect(plain.status, show(plain)).toBe(400);
      expect(plain.body.error.details.errors).toEqual([{ path: '/url', message: 'must use https' }]);
      const secure = await production.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: 'https://hooks.example.test/in' }, headers });
      expect(secure.status, show(secure)).toBe(201);
    } finally {
      await production.close();
    }
  });
});
