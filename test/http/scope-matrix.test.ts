import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { scopes } from '../../src/modules/api-keys/scopes.js';
import { testDialects } from '../dialects.js';
import { bodyOptions, buildFixture, emptyImport, type Fixture, ltiPlatform, snapshot, unlimited } from '../fuzz/fixture.js';
import { apiOperations, type Operation } from '../fuzz/operations.js';
import { setupApp, show, type TestApp } from '../harness.js';

/**
 * Scopes, operation by operation, from the OpenAPI document's `x-required-scope`. For each
 * operation, a key holding every scope but the required one (and but its `write`, which implies
 * a required `read`) is refused with 403 `insufficient_permissions` naming the scope, and the
 * workspace reads the same afterwards; a key holding exactly the required scope is let through
 * and does what the operation does (the status below). An operation needing any valid key
 * (`x-required-scope: null`) is called with a key of one unrelated scope. Every operation needs a
 * valid request in the table: a new route fails this test until it has one.
 */

interface Call {
  url: string;
  body?: unknown;
  /** What the operation answers a permitted key (a 2xx, or a domain answer that is not about permissions). */
  status: number;
}

/** Objects made for one call, with the workspace's all-scopes key, so destructive calls leave the fixture whole. */
interface Maker {
  course(fields?: Record<string, unknown>): Promise<string>;
  module(): Promise<string>;
  lesson(): Promise<string>;
  student(): Promise<string>;
  enrollment(): Promise<string>;
  endpoint(): Promise<string>;
  apiKey(scopes: string[]): Promise<string>;
  ltiRegistration(): Promise<string>;
  unique(): string;
}

type Entry = (f: Fixture['ids'], make: Maker) => Call | Promise<Call>;

const importDocument = {
  object: 'course_export',
  version: 1,
  course: { title: 'Imported', modules: [{ title: 'Imported module', lessons: [{ title: 'Imported lesson', type: 'text' }] }] },
};

const table: Record<string, Entry> = {
  listApiKeys: () => ({ url: '/api/v1/api-keys', status: 200 }),
  // A key never makes, rotates or revokes a key wider than itself: these keys hold keys:write only.
  createApiKey: () => ({ url: '/api/v1/api-keys', body: { name: 'made by a scoped key', environment: 'production', scopes: ['keys:write'] }, status: 201 }),
  getApiKey: (f) => ({ url: `/api/v1/api-keys/${f.apiKey}`, status: 200 }),
  rotateApiKey: async (_, make) => ({ url: `/api/v1/api-keys/${await make.apiKey(['keys:write'])}/rotate`, status: 200 }),
  revokeApiKey: async (_, make) => ({ url: `/api/v1/api-keys/${await make.apiKey(['keys:write'])}/revoke`, status: 200 }),
  getRateLimits: () => ({ url: '/api/v1/rate-limits', status: 200 }),

  listCourses: () => ({ url: '/api/v1/courses', status: 200 }),
  createCourse: () => ({ url: '/api/v1/courses', body: { title: 'Made by a scoped key' }, status: 201 }),
  upsertCourse: (_, make) => ({ url: `/api/v1/courses/by-external-id/${make.unique()}`, body: { title: 'Upserted by a scoped key' }, status: 201 }),
  getCourse: (f) => ({ url: `/api/v1/courses/${f.course}`, status: 200 }),
  updateCourse: (f) => ({ url: `/api/v1/courses/${f.course}`, body: { description: 'put by a scoped key' }, status: 200 }),
  patchCourse: (f) => ({ url: `/api/v1/courses/${f.course}`, body: { description: 'patched by a scoped key' }, status: 200 }),
  deleteCourse: async (_, make) => ({ url: `/api/v1/courses/${await make.course()}`, status: 200 }),
  publishCourse: async (_, make) => ({ url: `/api/v1/courses/${await make.course({ published: false })}/publish`, status: 200 }),
  unpublishCourse: async (_, make) => ({ url: `/api/v1/courses/${await make.course({ published: true })}/unpublish`, status: 200 }),

  listModules: (f) => ({ url: `/api/v1/courses/${f.course}/modules`, status: 200 }),
  createModule: (f) => ({ url: `/api/v1/courses/${f.course}/modules`, body: { title: 'Made by a scoped key' }, status: 201 }),
  getModule: (f) => ({ url: `/api/v1/modules/${f.module}`, status: 200 }),
  updateModule: (f) => ({ url: `/api/v1/modules/${f.module}`, body: { description: 'put by a scoped key' }, status: 200 }),
  patchModule: (f) => ({ url: `/api/v1/modules/${f.module}`, body: { description: 'patched by a scoped key' }, status: 200 }),
  deleteModule: async (_, make) => ({ url: `/api/v1/modules/${await make.module()}`, status: 200 }),

  listLessons: (f) => ({ url: `/api/v1/modules/${f.module}/lessons`, status: 200 }),
  createLesson: (f) => ({ url: `/api/v1/modules/${f.module}/lessons`, body: { title: 'Made by a scoped key', type: 'text' }, status: 201 }),
  getLesson: (f) => ({ url: `/api/v1/lessons/${f.quizLesson}`, status: 200 }),
  updateLesson: (f) => ({ url: `/api/v1/lessons/${f.lesson}`, body: { content: 'put by a scoped key' }, status: 200 }),
  patchLesson: (f) => ({ url: `/api/v1/lessons/${f.lesson}`, body: { content: 'patched by a scoped key' }, status: 200 }),
  deleteLesson: async (_, make) => ({ url: `/api/v1/lessons/${await make.lesson()}`, status: 200 }),

  listStudents: () => ({ url: '/api/v1/students', status: 200 }),
  createStudent: (_, make) => ({ url: '/api/v1/students', body: { email: `${make.unique()}@example.com`, name: 'Made by a scoped key' }, status: 201 }),
  bulkCreateStudents: (_, make) => ({ url: '/api/v1/students/bulk', body: { records: [{ email: `${make.unique()}@example.com`, name: 'Bulk' }] }, status: 201 }),
  upsertStudent: (_, make) => ({
    url: `/api/v1/students/by-external-id/${make.unique()}`,
    body: { email: `${make.unique()}@example.com`, name: 'Upserted by a scoped key' },
    status: 201,
  }),
  getStudent: (f) => ({ url: `/api/v1/students/${f.student}`, status: 200 }),
  updateStudent: (f) => ({ url: `/api/v1/students/${f.student}`, body: { name: 'Put by a scoped key' }, status: 200 }),
  patchStudent: (f) => ({ url: `/api/v1/students/${f.student}`, body: { name: 'Patched by a scoped key' }, status: 200 }),
  deleteStudent: async (_, make) => ({ url: `/api/v1/students/${await make.student()}`, status: 200 }),

  listEnrollments: () => ({ url: '/api/v1/enrollments', status: 200 }),
  createEnrollment: async (f, make) => ({ url: '/api/v1/enrollments', body: { student_id: await make.student(), course_id: f.course }, status: 201 }),
  bulkCreateEnrollments: async (f, make) => ({ url: '/api/v1/enrollments/bulk', body: { records: [{ student_id: await make.student(), course_id: f.course }] }, status: 201 }),
  getEnrollment: (f) => ({ url: `/api/v1/enrollments/${f.enrollment}`, status: 200 }),
  cancelEnrollment: async (_, make) => ({ url: `/api/v1/enrollments/${await make.enrollment()}`, status: 200 }),

  recordProgress: (f) => ({ url: `/api/v1/students/${f.student}/progress`, body: { lesson_id: f.lesson, status: 'started', time_spent_seconds: 5 }, status: 201 }),
  getStudentProgress: (f) => ({ url: `/api/v1/students/${f.student}/progress`, status: 200 }),
  submitQuizAttempt: (f) => ({
    url: `/api/v1/lessons/${f.quizLesson}/quiz-attempts`,
    body: { student_id: f.student, answers: [{ question_id: f.question, answer: false }] },
    status: 201,
  }),

  searchCourses: () => ({ url: '/api/v1/search/courses?q=probe', status: 200 }),
  searchLessons: () => ({ url: '/api/v1/search/lessons?q=probe', status: 200 }),
  searchStudents: () => ({ url: '/api/v1/search/students?q=probe', status: 200 }),

  getCourseAnalytics: (f) => ({ url: `/api/v1/courses/${f.course}/analytics`, status: 200 }),
  getStudentAnalytics: (f) => ({ url: `/api/v1/students/${f.student}/analytics`, status: 200 }),
  getQuizResults: (f) => ({ url: `/api/v1/analytics/quiz-results?course_id=${f.course}`, status: 200 }),

  listEvents: () => ({ url: '/api/v1/events', status: 200 }),
  getUsage: () => ({ url: '/api/v1/usage', status: 200 }),
  listRequestLogs: () => ({ url: '/api/v1/request-logs', status: 200 }),
  getEvent: (f) => ({ url: `/api/v1/events/${f.event}`, status: 200 }),

  createExport: (f) => ({ url: `/api/v1/courses/${f.course}/export`, body: { format: 'json' }, status: 202 }),
  getExport: (f) => ({ url: `/api/v1/exports/${f.export}`, status: 200 }),
  // No worker runs here: the fixture's import is still queued, so confirm and cancel answer about the import, not the key.
  createImport: () => ({ url: '/api/v1/imports?type=students&dry_run=true', body: emptyImport(), status: 202 }),
  listImports: () => ({ url: '/api/v1/imports', status: 200 }),
  getImport: (f) => ({ url: `/api/v1/imports/${f.import}`, status: 200 }),
  getImportResults: (f) => ({ url: `/api/v1/imports/${f.import}/results`, status: 200 }),
  confirmImport: (f) => ({ url: `/api/v1/imports/${f.import}/confirm`, status: 409 }),
  cancelImport: (f) => ({ url: `/api/v1/imports/${f.import}/cancel`, status: 409 }),
  // No worker runs here, so the export is still queued: the answer is about the export, not the key.
  downloadExport: (f) => ({ url: `/api/v1/exports/${f.export}/download`, status: 409 }),
  importCourse: () => ({ url: '/api/v1/courses/import', body: importDocument, status: 201 }),

  listWebhookEndpoints: () => ({ url: '/api/v1/webhook-endpoints', status: 200 }),
  createWebhookEndpoint: () => ({ url: '/api/v1/webhook-endpoints', body: { url: 'http://127.0.0.1:9/scoped' }, status: 201 }),
  getWebhookEndpoint: (f) => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}`, status: 200 }),
  updateWebhookEndpoint: (f) => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}`, body: { description: 'put by a scoped key' }, status: 200 }),
  patchWebhookEndpoint: (f) => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}`, body: { description: 'patched by a scoped key' }, status: 200 }),
  deleteWebhookEndpoint: async (_, make) => ({ url: `/api/v1/webhook-endpoints/${await make.endpoint()}`, status: 200 }),
  rotateWebhookSecret: (f) => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}/rotate-secret`, status: 200 }),
  testWebhookEndpoint: (f) => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}/test`, status: 200 }),
  listWebhookDeliveries: (f) => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}/deliveries`, status: 200 }),
  getWebhookDelivery: (f) => ({ url: `/api/v1/webhook-deliveries/${f.delivery}`, status: 200 }),
  retryWebhookDelivery: (f) => ({ url: `/api/v1/webhook-deliveries/${f.delivery}/retry`, status: 200 }),

  listLtiRegistrations: () => ({ url: '/api/v1/lti/registrations', status: 200 }),
  createLtiRegistration: (_, make) => ({ url: '/api/v1/lti/registrations', body: ltiPlatform(make.unique()), status: 201 }),
  getLtiRegistration: (f) => ({ url: `/api/v1/lti/registrations/${f.ltiRegistration}`, status: 200 }),
  listLtiGradeSends: (f) => ({ url: `/api/v1/lti/registrations/${f.ltiRegistration}/grade-sends`, status: 200 }),
  updateLtiRegistration: (f) => ({ url: `/api/v1/lti/registrations/${f.ltiRegistration}`, body: { deployment_ids: ['put-by-a-scoped-key'] }, status: 200 }),
  patchLtiRegistration: (f) => ({ url: `/api/v1/lti/registrations/${f.ltiRegistration}`, body: { deployment_ids: ['patched-by-a-scoped-key'] }, status: 200 }),
  deleteLtiRegistration: async (_, make) => ({ url: `/api/v1/lti/registrations/${await make.ltiRegistration()}`, status: 200 }),
  createLtiRegistrationLink: () => ({ url: '/api/v1/lti/registration-links', body: { expires_in_seconds: 3_600 }, status: 201 }),
};

/** Every scope but `required`, and but its `write` when a `read` is required (write implies read). */
function scopesWithout(required: string): string[] {
  const excluded = new Set([required, required.replace(/:read$/, ':write')]);
  return scopes.filter((s) => !excluded.has(s));
}

describe.each(testDialects())('scope matrix [%s]', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  let operations: Operation[];
  const without = new Map<string, string>();
  const exactly = new Map<string, string>();
  let anyKey: string;

  beforeAll(async () => {
    t = await setupApp(dialect, { config: { worker: false, webhooks: { ...loadConfig({}).webhooks, allowPrivate: true, timeoutMs: 2_000 } } });
    await unlimited(t, t.accountId);
    f = await buildFixture(t, t.key, 'scopes');
    operations = apiOperations(t.app.swagger());
    for (const scope of new Set(operations.map((o) => o.scope).filter((s): s is string => typeof s === 'string'))) {
      without.set(scope, (await t.newKey({ accountId: t.accountId, scopes: scopesWithout(scope) })).key);
      exactly.set(scope, (await t.newKey({ accountId: t.accountId, scopes: [scope] })).key);
    }
    anyKey = (await t.newKey({ accountId: t.accountId, scopes: ['analytics:read'] })).key;
  }, 120_000);
  afterAll(() => t?.close());

  it('declares a known scope (or null) on every operation and has a valid request for each', () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const where = `${operation.method} ${operation.path} (${operation.operationId})`;
      if (operation.scope === undefined) problems.push(`${where}: no x-required-scope`);
      else if (operation.scope !== null && !(scopes as readonly string[]).includes(operation.scope)) problems.push(`${where}: unknown scope ${operation.scope}`);
      if (!table[operation.operationId]) problems.push(`${where}: no entry in the scope table`);
    }
    const known = new Set(operations.map((o) => o.operationId));
    for (const id of Object.keys(table)) if (!known.has(id)) problems.push(`${id}: entry for an operation the document does not have`);
    expect(problems).toEqual([]);
  });

  it('refuses a key without the scope, changing nothing, and lets a key with exactly the scope do the operation', async () => {
    let unique = 0;
    const made = async (url: string, body: unknown) => {
      const response = await t.request({ method: 'POST', url, body });
      if (response.status !== 201) throw new Error(`making ${url}: ${show(response)}`);
      return response.body.data.id as string;
    };
    const make: Maker = {
      unique: () => `scoped-${dialect}-${++unique}`,
      course: (fields = {}) => made('/api/v1/courses', { title: 'Made for one call', published: true, ...fields }),
      module: () => made(`/api/v1/courses/${f.ids.course}/modules`, { title: 'Made for one call' }),
      lesson: () => made(`/api/v1/modules/${f.ids.module}/lessons`, { title: 'Made for one call', type: 'text' }),
      student: () => made('/api/v1/students', { email: `${make.unique()}@example.com`, name: 'Made for one call' }),
      enrollment: async () => made('/api/v1/enrollments', { student_id: await make.student(), course_id: f.ids.course }),
      endpoint: () => made('/api/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/one-call' }),
      apiKey: async (keyScopes) => (await t.newKey({ accountId: t.accountId, scopes: keyScopes })).keyId,
      ltiRegistration: () => made('/api/v1/lti/registrations', ltiPlatform(make.unique())),
    };
    const failures: string[] = [];
    let refused = 0;
    let permitted = 0;

    for (const operation of operations) {
      const entry = table[operation.operationId];
      if (!entry || operation.scope === undefined) continue; // reported by the test above
      const where = `${operation.method} ${operation.path}`;
      const call = await entry(f.ids, make);
      const send = (key: string) => t.request({ method: operation.method, url: call.url, key, ...bodyOptions(call.body) });

      if (operation.scope === null) {
        const response = await send(anyKey);
        permitted++;
        if (response.status !== call.status) failures.push(`${where} with a key of one unrelated scope: ${show(response)}`);
        continue;
      }

      const writes = operation.method !== 'GET';
      const before = writes ? await snapshot(t, f) : undefined;
      const denied = await send(without.get(operation.scope)!);
      refused++;
      if (denied.status !== 403 || denied.body?.error?.code !== 'insufficient_permissions' || denied.body.error.details?.required_scope !== operation.scope) {
        failures.push(`${where} without ${operation.scope}: expected 403 insufficient_permissions naming it, got ${show(denied)}`);
      }
      if (writes) expect.soft(await snapshot(t, f), `${where} refused without ${operation.scope} but changed the workspace`).toEqual(before);

      const allowed = await send(exactly.get(operation.scope)!);
      permitted++;
      if (allowed.status !== call.status) failures.push(`${where} with exactly ${operation.scope}: expected ${call.status}, got ${show(allowed)}`);
    }
    expect(failures).toEqual([]);
    console.log(`scope matrix [${dialect}]: ${refused} operations refused without their scope, ${permitted} done with exactly it, of ${operations.length}`);
  }, 180_000);

  it('never lets a keys:write key make, rotate or revoke a key wider than itself', async () => {
    const keysOnly = exactly.get('keys:write')!;
    const wideKey = (await t.newKey({ accountId: t.accountId, scopes: ['*'] })).keyId;
    const otherScopes = (await t.newKey({ accountId: t.accountId, scopes: ['courses:write', 'keys:write'] })).keyId;
    const attempts: { method: 'POST'; url: string; body?: unknown }[] = [
      { method: 'POST', url: '/api/v1/api-keys', body: { name: 'escalation', environment: 'production', scopes: ['*'] } },
      { method: 'POST', url: '/api/v1/api-keys', body: { name: 'escalation', environment: 'production' } },
      { method: 'POST', url: '/api/v1/api-keys', body: { name: 'escalation', environment: 'production', scopes: ['keys:write', 'students:read'] } },
      ...[wideKey, otherScopes].flatMap((id) => [
        { method: 'POST' as const, url: `/api/v1/api-keys/${id}/rotate` },
        { method: 'POST' as const, url: `/api/v1/api-keys/${id}/revoke` },
      ]),
    ];
    for (const attempt of attempts) {
      const before = await snapshot(t, f);
      // last_used_at moves with the calling key's own use, which is not a change it made.
      const keys = async () => JSON.stringify((await t.request({ url: '/api/v1/api-keys?per_page=100' })).body, (k, v) => (k === 'last_used_at' ? undefined : v));
      const keysBefore = await keys();
      const response = await t.request({ ...attempt, key: keysOnly });
      expect(response.status, `${attempt.url} ${JSON.stringify(attempt.body ?? '')}: ${show(response)}`).toBe(403);
      expect(response.body.error.code).toBe('insufficient_permissions');
      expect(await snapshot(t, f)).toEqual(before);
      expect(await keys()).toEqual(keysBefore);
    }
  });
});
