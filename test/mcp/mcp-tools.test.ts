import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

/**
 * The reading, enrolling and exporting tools (search, list_students, get_student, enroll_students,
 * get_student_progress, get_course_analytics, get_quiz_results, export_course), the
 * draft_course_outline prompt and the course outline resources, through the SDK's own client over
 * Streamable HTTP: happy paths, what a key's scopes show, another workspace's ids, and every
 * structuredContent against the outputSchema that tools/list advertised.
 */

type CallResult = Awaited<ReturnType<Client['callTool']>>;

const MINE = ['search', 'list_students', 'get_student', 'enroll_students', 'get_student_progress', 'get_course_analytics', 'get_quiz_results', 'export_course'];

async function connect(address: string, key: string, era: 'legacy' | '2026-07-28' = 'legacy'): Promise<Client> {
  const client = new Client({ name: 'lectern-tools-test', version: '1.0.0' }, { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: era } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${address}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

function errorOf(result: CallResult): { code: string; message: string } {
  expect(result.isError, JSON.stringify(result)).toBe(true);
  const content = result.content as { type: string; text: string }[];
  return (JSON.parse(content[0]!.text) as { error: { code: string; message: string } }).error;
}

describe.each(testDialects())('MCP tools: reading, enrolling, exporting (%s)', (dialect) => {
  let t: TestApp;
  let address: string;
  let client: Client;
  const clients: Client[] = [];
  /** Every structuredContent answered, by tool, checked against the advertised outputSchema at the end. */
  const answers = new Map<string, unknown[]>();
  let courseId: string;
  let quizId: string;
  let textId: string;
  const students: { id: string; email: string; external_id: string | null }[] = [];

  const open = async (key: string, era: 'legacy' | '2026-07-28' = 'legacy') => {
    const opened = await connect(address, key, era);
    clients.push(opened);
    return opened;
  };
  const post = async (url: string, body: unknown) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body });
    expect(response.status, show(response)).toBeLessThan(300);
    return response.body.data as { id: string; [field: string]: unknown };
  };
  /** Calls a tool with the main key; a success's structuredContent is kept for the schema check. */
  const call = async (name: string, args: Record<string, unknown>, options?: Parameters<Client['callTool']>[1]): Promise<any> => {
    const result = await client.callTool({ name, arguments: args }, options);
    if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
    answers.set(name, [...(answers.get(name) ?? []), result.structuredContent]);
    return result.structuredContent;
  };

  beforeAll(async () => {
    t = await setupApp(dialect);
    await setPlan(t.ctx, t.accountId, 'professional', { hourly_limit: 1_000_000, burst_limit: 1_000_000, export_hourly_limit: 1_000, bulk_hourly_limit: 1_000 });
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    client = await open(t.key);
    const course = await post('/courses', { title: 'Algebra basics', description: 'Equations from the ground up.' });
    courseId = course.id;
    const module = await post(`/courses/${courseId}/modules`, { title: 'Linear equations' });
    textId = (await post(`/modules/${module.id}/lessons`, { title: 'Solving for x', type: 'text', content: 'Balance both sides.' })).id;
    quizId = (
      await post(`/modules/${module.id}/lessons`, {
        title: 'Algebra check',
        type: 'quiz',
        quiz: { passing_score: 50, questions: [{ id: 'q1', prompt: '2x = 4, x = ?', kind: 'single_choice', choices: ['1', '2'], answer: 1 }] },
      })
    ).id;
    const published = await t.request({ method: 'PATCH', url: `/api/v1/courses/${courseId}`, body: { published: true } });
    expect(published.status, show(published)).toBe(200);
    for (const [name, email, external] of [
      ['Ada Lovelace', 'ada@example.com', 'sis-1'],
      ['Alan Turing', 'alan@example.com', 'sis-2'],
      ['Grace Hopper', 'grace@example.com', null],
    ] as const) {
      const student = await post('/students', { name, email, ...(external ? { external_id: external } : {}) });
      students.push({ id: student.id, email, external_id: external });
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((opened) => opened.close()));
    await t.close();
  });

  it('lists the tools by scope: * sees all of them in a stable order, a narrow key only what its scopes allow', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names.filter((name) => MINE.includes(name))).toEqual(MINE);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(names);

    const read = await open((await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] })).key);
    const readNames = (await read.listTools()).tools.map((tool) => tool.name);
    expect(readNames).toContain('search');
    for (const hidden of ['list_students', 'get_student', 'enroll_students', 'get_student_progress', 'get_course_analytics', 'get_quiz_results', 'export_course']) {
      expect(readNames).not.toContain(hidden);
    }
    const analytics = await open((await t.newKey({ accountId: t.accountId, scopes: ['analytics:read'] })).key);
    expect((await analytics.listTools()).tools.map((tool) => tool.name)).toEqual(['get_course_analytics', 'get_quiz_results']);
    const enroller = await open((await t.newKey({ accountId: t.accountId, scopes: ['enrollments:write'] })).key);
    expect((await enroller.listTools()).tools.map((tool) => tool.name)).toEqual(['enroll_students', 'get_student_progress']);
  });

  it('declares true annotations: the reading tools read only, the writes neither read-only nor destructive', async () => {
    const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    for (const name of ['search', 'list_students', 'get_student', 'get_student_progress', 'get_course_analytics', 'get_quiz_results']) {
      expect(tools.get(name)!.annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    }
    expect(tools.get('enroll_students')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(tools.get('export_course')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    for (const name of MINE) {
      expect(tools.get(name)!.title, name).toBeTruthy();
      expect(tools.get(name)!.description, name).toBeTruthy();
      expect(tools.get(name)!.outputSchema, name).toBeTruthy();
    }
  });

  it('enroll_students enrolls by id, email and external_id, each record on its own, and a retry under the idempotency key answers the same', async () => {
    const args = {
      course_id: courseId,
      students: [{ id: students[0]!.id }, { email: 'ALAN@example.com' }, { external_id: 'sis-404' }, { id: students[0]!.id }, { email: 'x@example.com', id: students[2]!.id }],
      idempotency_key: 'enroll-1',
    };
    const first = await call('enroll_students', args);
    expect(first.enrolled).toBe(2);
    expect(first.failed).toBe(3);
    expect(first.results.map((r: { status: string; error?: { code: string } }) => r.error?.code ?? r.status)).toEqual([
      'created',
      'created',
      'resource_not_found',
      'already_enrolled',
      'validation_error',
    ]);
    expect(first.results[1].data.student_id).toBe(students[1]!.id);
    expect(await call('enroll_students', args)).toEqual(first);

    const again = await call('enroll_students', { course_id: courseId, students: [{ external_id: 'sis-1' }] });
    expect(again.results[0].error.code).toBe('already_enrolled');
    const listed = await t.request({ url: `/api/v1/enrollments?course_id=${courseId}` });
    expect(listed.body.data.map((e: { student_id: string }) => e.student_id).sort()).toEqual([students[0]!.id, students[1]!.id].sort());

    // Finding students by email is a student lookup: a key without students:read names them by id.
    const enrollOnly = await open((await t.newKey({ accountId: t.accountId, scopes: ['enrollments:write'] })).key);
    const refused = await enrollOnly.callTool({ name: 'enroll_students', arguments: { course_id: courseId, students: [{ email: 'grace@example.com' }] } });
    expect((refused.structuredContent as any).results[0].error.code).toBe('insufficient_permissions');
  });

  it('list_students walks the students by cursor; get_student answers one as REST does', async () => {
    // Created in one millisecond of the test clock: their order is by id, so compared as a set.
    const first = await call('list_students', { limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await call('list_students', { limit: 2, cursor: first.next_cursor });
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect([...first.items, ...second.items].map((s: { id: string }) => s.id).sort()).toEqual(students.map((s) => s.id).sort());
    expect((await call('list_students', { email: 'GRACE@example.com' })).items.map((s: { id: string }) => s.id)).toEqual([students[2]!.id]);

    const student = await call('get_student', { student_id: students[0]!.id });
    const rest = await t.request({ url: `/api/v1/students/${students[0]!.id}` });
    expect(student).toEqual(rest.body.data);
  });

  it('search finds courses and lessons, students only for a key that may read them, and pages by cursor', async () => {
    const found = await call('search', { query: 'algebra' });
    expect(found.courses.map((c: { id: string }) => c.id)).toEqual([courseId]);
    expect(found.lessons.map((l: { id: string }) => l.id)).toEqual([quizId]);
    expect(found.lessons[0]).toEqual({ id: quizId, module_id: expect.any(String), course_id: courseId, title: 'Algebra check', type: 'quiz', position: 1 });
    expect(found.next_cursor).toBeNull();
    expect((await call('search', { query: 'ada' })).students.map((s: { id: string }) => s.id)).toEqual([students[0]!.id]);

    const paged = await call('search', { query: 'example', kinds: ['students'], limit: 2 });
    expect(paged.students).toHaveLength(2);
    expect(paged.courses).toEqual([]);
    const rest = await call('search', { query: 'example', kinds: ['students'], limit: 2, cursor: paged.next_cursor });
    expect(rest.next_cursor).toBeNull();
    expect([...paged.students, ...rest.students].map((s: { id: string }) => s.id).sort()).toEqual(students.map((s) => s.id).sort());

    const read = await open((await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] })).key);
    const narrow = await read.callTool({ name: 'search', arguments: { query: 'ada' } });
    expect((narrow.structuredContent as { students: unknown[] }).students).toEqual([]);
    expect(errorOf(await client.callTool({ name: 'search', arguments: { query: 'algebra', cursor: 'nope' } })).code).toBe('invalid_parameter');
  });

  it('get_student_progress, get_course_analytics and get_quiz_results answer what the REST API answers', async () => {
    const student = students[0]!.id;
    await post(`/students/${student}/progress`, { lesson_id: textId, status: 'completed', time_spent_seconds: 60 });
    await post(`/lessons/${quizId}/quiz-attempts`, { student_id: student, answers: [{ question_id: 'q1', answer: 1 }] });

    const progress = await call('get_student_progress', { student_id: student });
    expect(progress).toEqual((await t.request({ url: `/api/v1/students/${student}/progress` })).body.data);
    expect(progress.courses[0]).toMatchObject({ course_id: courseId, progress_percent: 100, lessons_completed: 2, lessons_total: 2 });

    const analytics = await call('get_course_analytics', { course_id: courseId });
    expect(analytics).toEqual((await t.request({ url: `/api/v1/courses/${courseId}/analytics` })).body.data);
    expect(analytics.enrollments).toMatchObject({ total: 2, completed: 1 });
    const period = await call('get_course_analytics', { course_id: courseId, from: '2026-01-01T00:00:00Z', to: '2026-12-01T00:00:00Z' });
    expect(period.from).toBe('2026-01-01T00:00:00.000Z');
    const badDate = await client.callTool({ name: 'get_course_analytics', arguments: { course_id: courseId, from: 'yesterday' } });
    expect(badDate.isError).toBe(true);
    expect(JSON.stringify(badDate.content)).toMatch(/ISO 8601/);

    const quizzes = await call('get_quiz_results', { course_id: courseId });
    const rest = (await t.request({ url: `/api/v1/analytics/quiz-results?course_id=${courseId}` })).body.data;
    expect(quizzes).toEqual({ ...rest, next_cursor: null });
    expect(quizzes.quizzes[0]).toMatchObject({ lesson_id: quizId, attempts: 1, pass_rate: 1 });
    const none = await call('get_quiz_results', { course_id: courseId, limit: 1, cursor: 'o1' });
    expect(none.quizzes).toEqual([]);
  });

  it('export_course reports progress and answers the export with an absolute download URL that serves the file', async () => {
    const progress: number[] = [];
    const exported = await call('export_course', { course_id: courseId, format: 'json' }, { onprogress: (p) => progress.push(p.progress) });
    expect(exported).toMatchObject({ course_id: courseId, format: 'json', status: 'succeeded' });
    expect(exported.download_url).toBe(`${address}/api/v1/exports/${exported.id}/download`);
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(2);
    const file = await fetch(exported.download_url, { headers: { authorization: `Bearer ${t.key}` } });
    expect(file.status).toBe(200);
    expect(((await file.json()) as { course: { title: string } }).course.title).toBe('Algebra basics');

    // The 2026-07-28 era streams the same notifications before the result.
    const modern = await open(t.key, '2026-07-28');
    const modernProgress: number[] = [];
    const again = await modern.callTool({ name: 'export_course', arguments: { course_id: courseId, format: 'scorm12' } }, { onprogress: (p) => modernProgress.push(p.progress) });
    expect(again.structuredContent).toMatchObject({ status: 'succeeded', download_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/exports\//) });
    expect(modernProgress[modernProgress.length - 1]).toBe(2);

    // Without waiting: the queued export, to poll over REST.
    const queued = await call('export_course', { course_id: courseId, format: 'imscc', wait_seconds: 0 });
    expect(queued).toMatchObject({ status: 'queued', download_url: null });
    expect((await t.request({ url: `/api/v1/exports/${queued.id}` })).status).toBe(200);
    await t.app.background.drain();
  });

  it('spends from the export window as POST /courses/{id}/export does: past it, isError with the seconds to wait', async () => {
    const { key, accountId } = await t.newKey();
    await setPlan(t.ctx, accountId, 'professional', { hourly_limit: 1_000, burst_limit: 1_000, export_hourly_limit: 1 });
    const limited = await open(key);
    const own = await limited.callTool({ name: 'create_course_outline', arguments: { title: 'Window', modules: [] } });
    const id = (own.structuredContent as { course_id: string }).course_id;
    expect((await limited.callTool({ name: 'export_course', arguments: { course_id: id, format: 'json', wait_seconds: 0 } })).isError).toBeFalsy();
    const refused = errorOf(await limited.callTool({ name: 'export_course', arguments: { course_id: id, format: 'json', wait_seconds: 0 } }));
    expect(refused.code).toBe('rate_limit_exceeded');
    expect(refused.message).toMatch(/retry in \d+ seconds/);
    const rest = await t.request({ method: 'POST', url: `/api/v1/courses/${id}/export`, body: { format: 'json' }, key });
    expect(rest.status, show(rest)).toBe(429);
    await t.app.background.drain();
  });

  it('answers another workspace\'s ids as not found, changing nothing', async () => {
    const other = await open((await t.newKey()).key);
    const student = students[0]!.id;
    const calls: [string, Record<string, unknown>][] = [
      ['get_student', { student_id: student }],
      ['get_student_progress', { student_id: student }],
      ['get_course_analytics', { course_id: courseId }],
      ['get_quiz_results', { course_id: courseId }],
      ['get_quiz_results', { student_id: student }],
      ['export_course', { course_id: courseId, format: 'json', wait_seconds: 0 }],
      ['enroll_students', { course_id: courseId, students: [{ id: student }] }],
    ];
    for (const [name, args] of calls) {
      const error = errorOf(await other.callTool({ name, arguments: args }));
      expect(error.code, name).toBe('resource_not_found');
    }
    const searched = await other.callTool({ name: 'search', arguments: { query: 'algebra ada' } });
    expect(searched.structuredContent).toMatchObject({ courses: [], lessons: [], students: [] });
    expect((await other.callTool({ name: 'list_students', arguments: {} })).structuredContent).toEqual({ items: [], next_cursor: null });
    // The other workspace's listed students are none of ours, and its resources list no course of ours.
    const resources = await other.listResources();
    expect(resources.resources.map((r) => r.uri)).not.toContain(`lectern://courses/${courseId}/outline`);
    await expect(other.readResource({ uri: `lectern://courses/${courseId}/outline` })).rejects.toThrow();
  });

  it('offers the draft_course_outline prompt to writers, ending in a create_course_outline call', async () => {
    const prompts = await client.listPrompts();
    expect(prompts.prompts.map((p) => p.name)).toContain('draft_course_outline');
    const prompt = await client.getPrompt({ name: 'draft_course_outline', arguments: { syllabus: 'Week 1: fractions. Week 2: decimals.', audience: 'adult learners' } });
    const text = (prompt.messages[0]!.content as { type: 'text'; text: string }).text;
    expect(text).toContain('Week 1: fractions. Week 2: decimals.');
    expect(text).toContain('adult learners');
    expect(text).toMatch(/create_course_outline call[^]*$/);

    const read = await open((await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] })).key);
    const readPrompts = await read.listPrompts().catch(() => ({ prompts: [] }));
    expect(readPrompts.prompts.map((p) => p.name)).not.toContain('draft_course_outline');
  });

  it('serves course outlines as resources, listed for a courses:read key and read as get_course_outline answers', async () => {
    const read = await open((await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] })).key);
    const uri = `lectern://courses/${courseId}/outline`;
    expect((await read.listResources()).resources.map((r) => r.uri)).toContain(uri);
    const resource = await read.readResource({ uri });
    const outline = JSON.parse((resource.contents[0] as { text: string }).text) as { id: string; modules: { lessons: { id: string }[] }[] };
    const tool = await read.callTool({ name: 'get_course_outline', arguments: { course_id: courseId } });
    expect(outline).toEqual(tool.structuredContent);
    expect(outline.modules[0]!.lessons.map((l) => l.id)).toEqual([textId, quizId]);

    // completion/complete suggests the workspace's course ids for the template's {id}.
    const completed = await read.complete({ ref: { type: 'ref/resource', uri: 'lectern://courses/{id}/outline' }, argument: { name: 'id', value: courseId.slice(0, 6) } });
    expect(completed.completion.values).toContain(courseId);
    const nothing = await read.complete({ ref: { type: 'ref/resource', uri: 'lectern://courses/{id}/outline' }, argument: { name: 'id', value: 'crs_none' } });
    expect(nothing.completion.values).toEqual([]);
    // logging/setLevel is accepted (the capability is declared).
    expect(read.getServerCapabilities()?.logging).toBeDefined();
    await read.setLoggingLevel('warning');

    const analyticsOnly = await open((await t.newKey({ accountId: t.accountId, scopes: ['analytics:read'] })).key);
    const none = await analyticsOnly.listResources().catch(() => ({ resources: [] }));
    expect(none.resources).toEqual([]);
  });

  it('answers a structuredContent valid against the advertised outputSchema for every one of these tools', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    for (const name of MINE) {
      const seen = answers.get(name) ?? [];
      expect(seen.length, `${name} was called`).toBeGreaterThan(0);
      const validate = ajv.compile(tools.get(name)!.outputSchema!);
      for (const answer of seen) expect(validate(answer), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });
});
