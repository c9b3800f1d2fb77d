import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import type { Environment } from '../../src/db/types.js';
import type { IdPrefix } from '../../src/shared/ids.js';
import type { TestApp, TestResponse } from '../harness.js';

/** The kinds of object a workspace fixture holds, and the id prefix of each. */
export const kindPrefix = {
  course: 'crs',
  module: 'mod',
  lesson: 'les',
  quizLesson: 'les',
  question: 'qst',
  student: 'stu',
  enrollment: 'enr',
  attempt: 'att',
  export: 'exp',
  endpoint: 'whe',
  delivery: 'dlv',
  event: 'evt',
  apiKey: 'key',
  ltiRegistration: 'ltr',
  import: 'imp',
} as const satisfies Record<string, IdPrefix>;

export type Kind = keyof typeof kindPrefix;

/** One of everything in one workspace, made through the API with that workspace's key. */
export interface Fixture {
  label: string;
  key: string;
  environment: Environment;
  ids: Record<Kind, string>;
  studentEmail: string;
  studentExternalId: string;
}

/** A request body that is not JSON (an import's file): sent as it is, with its Content-Type. */
export class RawBody {
  constructor(
    readonly payload: string,
    readonly contentType: string,
  ) {}
}

/** The request options that send `body`: JSON, or a RawBody as it is. */
export function bodyOptions(body: unknown): { body?: unknown; payload?: string; headers?: Record<string, string> } {
  if (body === undefined) return {};
  return body instanceof RawBody ? { payload: body.payload, headers: { 'content-type': body.contentType } } : { body };
}

/** A roster import of a header-only students CSV as a dry run: an import that changes nothing. */
export const emptyImport = () => new RawBody('external_id,email,name\n', 'text/csv');

/**
 * An LTI platform registration body whose (issuer, client_id) is `name`'s own: that pair is unique
 * across workspaces. Its URLs are local (WEBHOOK_ALLOW_PRIVATE must be on), like the webhook's.
 */
export function ltiPlatform(name: string, fields: Record<string, unknown> = {}) {
  return {
    issuer: 'https://lms.probe.example',
    client_id: `client-${name}`,
    auth_login_url: 'http://127.0.0.1:9/lti/auth',
    auth_token_url: 'http://127.0.0.1:9/lti/token',
    jwks_url: 'http://127.0.0.1:9/lti/jwks',
    ...fields,
  };
}

/** Limits out of a harness's way: every window of the account very high. */
export async function unlimited(t: TestApp, accountId: string): Promise<void> {
  await setPlan(t.ctx, accountId, 'custom', {
    hourly_limit: 10_000_000,
    burst_limit: 10_000_000,
    export_hourly_limit: 10_000_000,
    bulk_hourly_limit: 10_000_000,
    search_hourly_limit: 10_000_000,
  });
}

/**
 * Creates, with `key`, a published course with a module, a text lesson and a quiz lesson, a
 * student enrolled in it with progress and a quiz attempt, an export, a webhook endpoint
 * (pointing at a closed local port: WEBHOOK_ALLOW_PRIVATE must be on) with one delivery, an API
 * key and an LTI platform registration (with a deployment). `label` makes the workspace's unique values (email, external id) its own.
 */
export async function buildFixture(t: TestApp, key: string, label: string, environment: Environment = 'production'): Promise<Fixture> {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, expected = [200, 201, 202]) => {
    const response: TestResponse = await t.request({ method, url, key, ...(body !== undefined ? { body } : {}) });
    if (!expected.includes(response.status)) throw new Error(`fixture ${label}: ${method} ${url} answered ${response.status} ${response.text.slice(0, 500)}`);
    return response.body;
  };
  const studentEmail = `${label}-probe@example.com`;
  const studentExternalId = `${label}-probe-external`;
  const course = (await call('POST', '/api/v1/courses', { title: `Isolation probe ${label}`, description: 'probe course', published: true })).data;
  const module = (await call('POST', `/api/v1/courses/${course.id}/modules`, { title: `Probe module ${label}` })).data;
  const lesson = (await call('POST', `/api/v1/modules/${module.id}/lessons`, { title: `Probe lesson ${label}`, type: 'text', content: 'probe text' })).data;
  const quizLesson = (
    await call('POST', `/api/v1/modules/${module.id}/lessons`, {
      title: `Probe quiz ${label}`,
      type: 'quiz',
      quiz: { passing_score: 50, questions: [{ prompt: 'Is this a probe?', kind: 'true_false', answer: true }] },
    })
  ).data;
  const question = quizLesson.quiz.questions[0].id as string;
  const student = (await call('POST', '/api/v1/students', { email: studentEmail, name: `Probe student ${label}`, external_id: studentExternalId })).data;
  const enrollment = (await call('POST', '/api/v1/enrollments', { student_id: student.id, course_id: course.id })).data;
  await call('POST', `/api/v1/students/${student.id}/progress`, { lesson_id: lesson.id, status: 'started', time_spent_seconds: 30 });
  const attempt = (await call('POST', `/api/v1/lessons/${quizLesson.id}/quiz-attempts`, { student_id: student.id, answers: [{ question_id: question, answer: false }] }))
    .data;
  const exported = (await call('POST', `/api/v1/courses/${course.id}/export`, { format: 'json' })).data;
  const endpoint = (await call('POST', '/api/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/probe-hook', events: ['*'] })).data;
  const delivery = (await call('POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`)).data;
  const event = (await call('GET', '/api/v1/events?per_page=1')).data[0];
  const apiKey = (await call('POST', '/api/v1/api-keys', { name: `probe ${label}`, environment, scopes: ['courses:read'] })).data;
  const ltiRegistration = (await call('POST', '/api/v1/lti/registrations', ltiPlatform(label, { deployment_ids: [`${label}-deployment`] }))).data;
  // From a key of its own: imports have a window of 10 an hour per key, and fixtures are rebuilt often.
  const importer = (await call('POST', '/api/v1/api-keys', { name: `importer ${label}`, environment, scopes: ['students:write'] })).data.key as string;
  const imported = await t.request({ method: 'POST', url: '/api/v1/imports?type=students&dry_run=true', key: importer, ...bodyOptions(emptyImport()) });
  if (imported.status !== 202) throw new Error(`fixture ${label}: POST /api/v1/imports answered ${imported.status} ${imported.text.slice(0, 500)}`);
  return {
    label,
    key,
    environment,
    studentEmail,
    studentExternalId,
    ids: {
      course: course.id,
      module: module.id,
      lesson: lesson.id,
      quizLesson: quizLesson.id,
      question,
      student: student.id,
      enrollment: enrollment.id,
      attempt: attempt.id,
      export: exported.id,
      endpoint: endpoint.id,
      delivery: delivery.id,
      event: event.id,
      apiKey: apiKey.id,
      ltiRegistration: ltiRegistration.id,
      import: imported.body.data.id as string,
    },
  };
}

/**
 * What the workspace's key reads of its fixture: every object, its lists and the event log
 * (every write records an event, so a write anywhere in the workspace shows here).
 */
export async function snapshot(t: TestApp, f: Fixture): Promise<Record<string, unknown>> {
  const { ids } = f;
  const urls = [
    `/api/v1/courses/${ids.course}`,
    `/api/v1/modules/${ids.module}`,
    `/api/v1/lessons/${ids.lesson}`,
    `/api/v1/lessons/${ids.quizLesson}`,
    `/api/v1/students/${ids.student}`,
    `/api/v1/enrollments/${ids.enrollment}`,
    `/api/v1/students/${ids.student}/progress`,
    `/api/v1/exports/${ids.export}`,
    `/api/v1/webhook-endpoints/${ids.endpoint}`,
    `/api/v1/webhook-deliveries/${ids.delivery}`,
    `/api/v1/events/${ids.event}`,
    `/api/v1/api-keys/${ids.apiKey}`,
    `/api/v1/lti/registrations/${ids.ltiRegistration}`,
    '/api/v1/courses?per_page=100',
    `/api/v1/imports/${ids.import}`,
    '/api/v1/imports?per_page=100',
    `/api/v1/courses/${ids.course}/modules?per_page=100`,
    `/api/v1/modules/${ids.module}/lessons?per_page=100`,
    '/api/v1/students?per_page=100',
    '/api/v1/enrollments?per_page=100',
    '/api/v1/events?per_page=100',
    '/api/v1/api-keys?per_page=100',
    '/api/v1/webhook-endpoints?per_page=100',
    '/api/v1/lti/registrations?per_page=100',
    `/api/v1/webhook-endpoints/${ids.endpoint}/deliveries?per_page=100`,
  ];
  const out: Record<string, unknown> = {};
  for (const url of urls) {
    const response = await t.request({ url, key: f.key });
    // last_used_at moves with the reading key's own use, which is not a change to the workspace.
    out[url] = { status: response.status, body: JSON.parse(JSON.stringify(response.body, (k, v) => (k === 'last_used_at' ? undefined : v))) };
  }
  return out;
}
