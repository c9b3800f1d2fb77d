import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/shared/ids.js';
import { testDialects } from '../dialects.js';
import { bodyOptions, buildFixture, emptyImport, type Fixture, type Kind, kindPrefix, ltiPlatform, snapshot, unlimited } from '../fuzz/fixture.js';
import { apiOperations, idInputs, type Operation, urlOf } from '../fuzz/operations.js';
import { setupApp, show, type TestApp, type TestResponse } from '../harness.js';

/**
 * Tenant isolation, operation by operation, from the OpenAPI document. Workspace A holds one of
 * everything; two callers that must not see it each hold their own: B (another account) and D (A's
 * account, development environment, a workspace of its own). For every id an operation takes (in
 * the path, the query or the body), each caller sends A's id and then a random well-formed id of
 * the same prefix; the two answers must be the same (status, code, body with ids masked), and A
 * must read the same before and after. Operations that take no id are probed for leaks instead:
 * the caller's answer names none of A's ids (lists, searches, creates that reuse A's unique
 * values). Every list's cursor from A is refused to the others exactly as a forged cursor is.
 * Every operation of the document needs an entry below: a new route fails this test until it has
 * one, and an entry must name every id input the document shows for its operation.
 */

/** An id input: where it goes, which of the fixture's objects it names, what a missing one answers. */
interface Slot {
  in: 'path' | 'query' | 'body';
  name: string;
  kind: Kind;
  /** Status for a well-formed id that names nothing (404 unless said). */
  missing?: number;
  /** The document does not show this input (bulk records are validated one by one, so their items schema is open). */
  beyondDocument?: true;
}

interface IdEntry {
  ids: Slot[];
  /** Other query parameters the call needs. */
  query?: Record<string, string>;
  /** The body, given each slot's value (the caller's own ids, one replaced by the probe). */
  body?: (v: Record<string, string>) => unknown;
}

interface ProbeEntry {
  /** Why the operation takes no id, and what is probed instead. */
  probe: string;
  /** Path parameters that are not ids of ours (an upsert's external id). */
  path?: (victim: Fixture) => Record<string, string>;
  query?: (victim: Fixture) => Record<string, string>;
  body?: (victim: Fixture, own: Fixture) => unknown;
}

type Entry = IdEntry | ProbeEntry;

const path = (kind: Kind, missing?: number): Slot => ({ in: 'path', name: 'id', kind, ...(missing ? { missing } : {}) });
const changed = { title: 'Overwritten by another workspace' };

const table: Record<string, Entry> = {
  listApiKeys: { probe: 'lists the caller workspace only' },
  createApiKey: { probe: 'creates in the caller workspace', body: (_: Fixture, own: Fixture) => ({ name: 'probe', environment: own.environment, scopes: ['courses:read'] }) },
  getApiKey: { ids: [path('apiKey')] },
  rotateApiKey: { ids: [path('apiKey')] },
  revokeApiKey: { ids: [path('apiKey')] },
  getRateLimits: { probe: "reads the caller key's budgets" },

  listCourses: { probe: 'lists the caller workspace only' },
  createCourse: { probe: "creates in the caller workspace (A's title)", body: (a: Fixture) => ({ title: `Isolation probe ${a.label}` }) },
  upsertCourse: {
    probe: "A's external id is free in another workspace: the upsert makes the caller's own course",
    path: (a: Fixture) => ({ external_id: `${a.label}-course-external` }),
    body: () => ({ title: 'Same external id elsewhere' }),
  },
  getCourse: { ids: [path('course')] },
  updateCourse: { ids: [path('course')], body: () => changed },
  patchCourse: { ids: [path('course')], body: () => changed },
  deleteCourse: { ids: [path('course')], query: { force: 'true' } },
  publishCourse: { ids: [path('course')] },
  unpublishCourse: { ids: [path('course')] },

  listModules: { ids: [path('course')] },
  createModule: { ids: [path('course')], body: () => ({ title: 'Injected module', position: 0 }) },
  getModule: { ids: [path('module')] },
  updateModule: { ids: [path('module')], body: () => changed },
  patchModule: { ids: [path('module')], body: () => changed },
  deleteModule: { ids: [path('module')] },

  listLessons: { ids: [path('module')] },
  createLesson: { ids: [path('module')], body: () => ({ title: 'Injected lesson', type: 'text', position: 0 }) },
  getLesson: { ids: [path('quizLesson')] },
  updateLesson: { ids: [path('lesson')], body: () => changed },
  patchLesson: { ids: [path('lesson')], body: () => changed },
  deleteLesson: { ids: [path('lesson')] },

  listStudents: {
    probe: "filters the caller workspace by A's email and external id",
    query: (a: Fixture) => ({ email: a.studentEmail, external_id: a.studentExternalId }),
  },
  createStudent: {
    probe: "A's email and external id are free in another workspace",
    body: (a: Fixture) => ({ email: a.studentEmail, name: 'Same email elsewhere', external_id: a.studentExternalId }),
  },
  bulkCreateStudents: {
    probe: "A's email and external id are free in another workspace",
    body: (a: Fixture) => ({ records: [{ email: a.studentEmail.toUpperCase(), name: 'Same email elsewhere', external_id: a.studentExternalId }] }),
  },
  upsertStudent: {
    probe: "A's external id and email are free in another workspace: the upsert makes the caller's own student",
    path: (a: Fixture) => ({ external_id: encodeURIComponent(a.studentExternalId) }),
    body: (a: Fixture) => ({ email: a.studentEmail, name: 'Same external id elsewhere' }),
  },
  getStudent: { ids: [path('student')] },
  updateStudent: { ids: [path('student')], body: () => ({ name: 'Overwritten by another workspace' }) },
  patchStudent: { ids: [path('student')], body: () => ({ name: 'Overwritten by another workspace' }) },
  deleteStudent: { ids: [path('student')] },

  listEnrollments: {
    ids: [
      { in: 'query', name: 'student_id', kind: 'student', missing: 200 },
      { in: 'query', name: 'course_id', kind: 'course', missing: 200 },
    ],
  },
  createEnrollment: {
    ids: [
      { in: 'body', name: 'student_id', kind: 'student' },
      { in: 'body', name: 'course_id', kind: 'course' },
    ],
    body: (v: Record<string, string>) => ({ student_id: v.student_id, course_id: v.course_id }),
  },
  bulkCreateEnrollments: {
    ids: [
      { in: 'body', name: 'student_id', kind: 'student', missing: 207, beyondDocument: true },
      { in: 'body', name: 'course_id', kind: 'course', missing: 207, beyondDocument: true },
    ],
    body: (v: Record<string, string>) => ({ records: [{ student_id: v.student_id, course_id: v.course_id }] }),
  },
  getEnrollment: { ids: [path('enrollment')] },
  cancelEnrollment: { ids: [path('enrollment')] },

  recordProgress: {
    ids: [path('student'), { in: 'body', name: 'lesson_id', kind: 'lesson' }],
    body: (v: Record<string, string>) => ({ lesson_id: v.lesson_id, status: 'completed', time_spent_seconds: 60 }),
  },
  getStudentProgress: { ids: [path('student'), { in: 'query', name: 'course_id', kind: 'course', missing: 200 }] },
  submitQuizAttempt: {
    ids: [path('quizLesson'), { in: 'body', name: 'student_id', kind: 'student' }, { in: 'body', name: 'question_id', kind: 'question', missing: 400 }],
    body: (v: Record<string, string>) => ({ student_id: v.student_id, answers: [{ question_id: v.question_id, answer: true }] }),
  },

  searchCourses: { probe: 'searches the caller workspace for the words of A\'s titles', query: () => ({ q: 'isolation probe' }) },
  searchLessons: { probe: 'searches the caller workspace for the words of A\'s titles', query: () => ({ q: 'probe' }) },
  searchStudents: { probe: "searches the caller workspace for A's student", query: (a: Fixture) => ({ q: `${a.label} probe` }) },

  getCourseAnalytics: { ids: [path('course')] },
  getStudentAnalytics: { ids: [path('student')] },
  getQuizResults: {
    ids: [
      { in: 'query', name: 'course_id', kind: 'course' },
      { in: 'query', name: 'lesson_id', kind: 'quizLesson' },
      { in: 'query', name: 'student_id', kind: 'student' },
    ],
  },

  listEvents: { probe: 'lists the caller workspace only' },
  getUsage: { ids: [{ in: 'query', name: 'key_id', kind: 'apiKey' }] },
  listRequestLogs: {
    ids: [
      { in: 'query', name: 'key_id', kind: 'apiKey', missing: 200 },
      // A request id names no stored object of the fixture: any id probes the filter, which finds nothing of A's.
      { in: 'query', name: 'request_id', kind: 'event', missing: 200 },
    ],
  },
  getEvent: { ids: [path('event')] },

  createExport: { ids: [path('course')], body: () => ({ format: 'json' }) },
  getExport: { ids: [path('export')] },
  createImport: { probe: 'creates in the caller workspace', query: () => ({ type: 'students', dry_run: 'true' }), body: () => emptyImport() },
  listImports: { probe: 'lists the caller workspace only' },
  getImport: { ids: [path('import')] },
  getImportResults: { ids: [path('import')] },
  confirmImport: { ids: [path('import')] },
  cancelImport: { ids: [path('import')] },
  downloadExport: { ids: [path('export')] },
  importCourse: {
    probe: "a document carrying A's ids creates a new course in the caller workspace",
    body: (a: Fixture) => ({
      object: 'course_export',
      version: 1,
      course: { id: a.ids.course, title: 'Imported probe', modules: [{ id: a.ids.module, title: 'Imported module', lessons: [{ id: a.ids.lesson, title: 'Imported lesson', type: 'text' }] }] },
    }),
  },

  listWebhookEndpoints: { probe: 'lists the caller workspace only' },
  createWebhookEndpoint: { probe: 'creates in the caller workspace', body: () => ({ url: 'http://127.0.0.1:9/probe-hook' }) },
  getWebhookEndpoint: { ids: [path('endpoint')] },
  updateWebhookEndpoint: { ids: [path('endpoint')], body: () => ({ description: 'Overwritten by another workspace' }) },
  patchWebhookEndpoint: { ids: [path('endpoint')], body: () => ({ description: 'Overwritten by another workspace' }) },
  deleteWebhookEndpoint: { ids: [path('endpoint')] },
  rotateWebhookSecret: { ids: [path('endpoint')] },
  testWebhookEndpoint: { ids: [path('endpoint')] },
  listWebhookDeliveries: { ids: [path('endpoint'), { in: 'query', name: 'event_id', kind: 'event', missing: 200 }] },
  getWebhookDelivery: { ids: [path('delivery')] },
  retryWebhookDelivery: { ids: [path('delivery')] },

  listLtiRegistrations: { probe: 'lists the caller workspace only' },
  createLtiRegistration: {
    probe: "A's issuer is free in another workspace with another client id",
    body: (_: Fixture, own: Fixture) => ltiPlatform(`${own.label}-probe`, { deployment_ids: ['probe-deployment'] }),
  },
  getLtiRegistration: { ids: [path('ltiRegistration')] },
  listLtiGradeSends: { ids: [path('ltiRegistration'), { in: 'query', name: 'student_id', kind: 'student', missing: 200 }] },
  updateLtiRegistration: { ids: [path('ltiRegistration')], body: () => ({ unknown_deployments: 'reject', deployment_ids: ['taken-over'] }) },
  patchLtiRegistration: { ids: [path('ltiRegistration')], body: () => ({ unknown_deployments: 'reject', deployment_ids: ['taken-over'] }) },
  deleteLtiRegistration: { ids: [path('ltiRegistration')] },
  createLtiRegistrationLink: { probe: 'makes a link for the caller workspace' },
};

/** An answer with ids and request ids masked: what must not differ between A's id and a random one. */
function comparable(response: TestResponse): unknown {
  const text = JSON.stringify(response.body, (k, v) => (k === 'request_id' ? undefined : v)) ?? '';
  return { status: response.status, body: text.replace(/\b[a-z]{3}_[0-9a-z]{26}\b/g, '<id>') };
}

describe.each(testDialects())('tenant isolation matrix [%s]', (dialect) => {
  let t: TestApp;
  let a: Fixture;
  let callers: Fixture[];
  let operations: Operation[];
  let before: Record<string, unknown>;

  beforeAll(async () => {
    t = await setupApp(dialect, {
      // No background worker: nothing in A changes unless a request changes it (deliveries and
      // exports stay as made). WEBHOOK_ALLOW_PRIVATE lets the fixture's endpoint be local.
      config: { worker: false, webhooks: { ...loadConfig({}).webhooks, allowPrivate: true, timeoutMs: 2_000 } },
    });
    await unlimited(t, t.accountId);
    const other = await t.newKey();
    await unlimited(t, other.accountId);
    const development = await t.newKey({ accountId: t.accountId, environment: 'development' });
    a = await buildFixture(t, t.key, 'wsa');
    await secondOfEach(t, a);
    callers = [await buildFixture(t, other.key, 'wsb'), await buildFixture(t, development.key, 'wsd', 'development')];
    operations = apiOperations(t.app.swagger());
    before = await snapshot(t, a);
  }, 120_000);
  afterAll(() => t?.close());

  it('has an entry for every operation of the document, naming every id input', () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const entry = table[operation.operationId];
      const where = `${operation.method} ${operation.path} (${operation.operationId})`;
      if (!entry) {
        problems.push(`${where}: no entry in the isolation table`);
        continue;
      }
      const inputs = idInputs(operation);
      const slots = 'ids' in entry ? entry.ids : [];
      for (const input of inputs) {
        if (!slots.some((s) => s.in === input.in && s.name === input.name)) problems.push(`${where}: id input ${input.in} ${input.name} has no slot`);
      }
      for (const slot of slots) {
        if (!slot.beyondDocument && !inputs.some((i) => i.in === slot.in && i.name === slot.name)) problems.push(`${where}: slot ${slot.in} ${slot.name} is not in the document`);
      }
    }
    const known = new Set(operations.map((o) => o.operationId));
    for (const id of Object.keys(table)) if (!known.has(id)) problems.push(`${id}: entry for an operation the document does not have`);
    expect(problems).toEqual([]);
  });

  it("answers A's cursors to other workspaces exactly as forged ones", async () => {
    // A cursor remembers its workspace: another workspace's is refused like a forged one, so it
    // can neither page through A's rows nor learn anything from them.
    let lists = 0;
    const failures: string[] = [];
    for (const operation of operations) {
      const entry = table[operation.operationId];
      if (operation.method !== 'GET' || !entry || !operation.parameters.some((p) => p.in === 'query' && p.name === 'cursor')) continue;
      const pathSlot = 'ids' in entry ? entry.ids.find((s) => s.in === 'path') : undefined;
      const pathOf = (f: Fixture): Record<string, string> => (pathSlot ? { id: f.ids[pathSlot.kind] } : {});
      const query = { ...(operation.parameters.some((p) => p.name === 'q') ? { q: 'probe' } : {}), per_page: '1' };
      const first = await t.request({ url: urlOf(operation, pathOf(a), { ...query, cursor: '' }), key: a.key });
      const cursor = first.body?.pagination?.next_cursor as string | null | undefined;
      if (!cursor) continue; // one row or none in A, or no cursor mode (search): nothing to carry over
      lists++;
      const forged = cursor.slice(0, -4) + (cursor.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      for (const caller of callers) {
        const withCursor = (c: string) => t.request({ url: urlOf(operation, pathOf(caller), { ...query, cursor: c }), key: caller.key });
        const foreign = await withCursor(cursor);
        const made = await withCursor(forged);
        const where = `${operation.method} ${operation.path} as ${caller.label}`;
        if (foreign.status !== 400) failures.push(`${where}: A's cursor answered ${show(foreign)}`);
        expect.soft(comparable(foreign), `${where}: A's cursor vs a forged one`).toEqual(comparable(made));
      }
    }
    expect(failures).toEqual([]);
    expect(lists).toBeGreaterThanOrEqual(9);
    console.log(`isolation matrix [${dialect}]: ${lists} lists refuse another workspace's cursor`);
  });

  it("answers A's ids to other workspaces exactly as random ids, and changes nothing in A", async () => {
    let idOperations = 0;
    let probed = 0;
    let slotsCovered = 0;
    let requests = 0;
    const failures: string[] = [];
    const send = async (operation: Operation, key: string, url: string, body: unknown) => {
      requests++;
      return t.request({ method: operation.method, url, key, ...bodyOptions(body) });
    };

    for (const operation of operations) {
      const entry = table[operation.operationId];
      if (!entry) continue; // reported by the test above
      const where = `${operation.method} ${operation.path}`;

      if ('probe' in entry) {
        probed++;
        for (const caller of callers) {
          const query = entry.query?.(a);
          const body = entry.body?.(a, caller);
          const response = await send(operation, caller.key, urlOf(operation, entry.path?.(a) ?? {}, query), body);
          if (response.status >= 300) failures.push(`${where} as ${caller.label}: probe answered ${show(response)}`);
          const leaked = Object.values(a.ids).filter((id) => response.text.includes(id));
          if (leaked.length > 0) failures.push(`${where} as ${caller.label}: answer names A's ${leaked.join(', ')}`);
        }
      } else {
        idOperations++;
        // The owner reads its own object (a slot naming the wrong kind would make the test vacuous).
        const own = valuesFor(entry, a);
        if (operation.method === 'GET') {
          const response = await send(operation, a.key, urlFor(operation, entry, own), undefined);
          if (response.status === 404) failures.push(`${where} as A on its own ids: ${show(response)}`);
        }
        for (const slot of entry.ids) {
          slotsCovered++;
          for (const caller of callers) {
            const mine = valuesFor(entry, caller);
            const foreign = { ...mine, [slot.name]: a.ids[slot.kind] };
            const random = { ...mine, [slot.name]: newId(kindPrefix[slot.kind]) };
            const onlySlotInQuery = (v: Record<string, string>) => urlFor(operation, entry, v, slot);
            const answerForeign = await send(operation, caller.key, onlySlotInQuery(foreign), entry.body?.(foreign));
            const answerRandom = await send(operation, caller.key, onlySlotInQuery(random), entry.body?.(random));
            const label = `${where} ${slot.in} ${slot.name} as ${caller.label}`;
            if (answerRandom.status !== (slot.missing ?? 404)) failures.push(`${label}: a random id answered ${show(answerRandom)}, expected ${slot.missing ?? 404}`);
            expect.soft(comparable(answerForeign), `${label}: A's id vs a random one`).toEqual(comparable(answerRandom));
          }
        }
      }
      const after = await snapshot(t, a);
      expect.soft(after, `${where} changed workspace A`).toEqual(before);
      if (JSON.stringify(after) !== JSON.stringify(before)) before = after; // report each change once
    }
    expect(failures).toEqual([]);
    console.log(
      `isolation matrix [${dialect}]: ${idOperations} operations with ids (${slotsCovered} id inputs) and ${probed} probed for leaks, ` +
        `of ${operations.length}; ${callers.length} callers, ${requests} requests`,
    );
  }, 120_000);
});

/** A second row in each of A's lists, so each has a next page and a cursor to carry over. */
async function secondOfEach(t: TestApp, f: Fixture): Promise<void> {
  const post = async (url: string, body?: unknown) => {
    const response = await t.request({ method: 'POST', url, key: f.key, ...bodyOptions(body) });
    if (response.status >= 300) throw new Error(`second of each: ${url} ${show(response)}`);
    return response.body.data;
  };
  await post('/api/v1/courses', { title: 'Second course', published: true });
  await post(`/api/v1/courses/${f.ids.course}/modules`, { title: 'Second module' });
  const student = await post('/api/v1/students', { email: `${f.label}-second@example.com`, name: 'Second student' });
  await post('/api/v1/enrollments', { student_id: student.id, course_id: f.ids.course });
  await post('/api/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/second' });
  await post(`/api/v1/webhook-endpoints/${f.ids.endpoint}/test`);
  await post('/api/v1/lti/registrations', ltiPlatform(`${f.label}-second`));
  await post('/api/v1/imports?type=students&dry_run=true', emptyImport());
}

/** Each slot's value from a fixture. */
function valuesFor(entry: IdEntry, f: Fixture): Record<string, string> {
  return Object.fromEntries(entry.ids.map((s) => [s.name, f.ids[s.kind]]));
}

/** The URL: path slots filled, the entry's query, and query slots (only `only` when given: filters are optional). */
function urlFor(operation: Operation, entry: IdEntry, v: Record<string, string>, only?: Slot): string {
  const query: Record<string, string> = { ...entry.query };
  for (const slot of entry.ids) {
    if (slot.in === 'query' && (!only || only === slot)) query[slot.name] = v[slot.name]!;
  }
  const pathValues = Object.fromEntries(entry.ids.filter((s) => s.in === 'path').map((s) => [s.name, v[s.name]!]));
  return urlOf(operation, pathValues, query);
}
