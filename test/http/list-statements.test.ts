import fastJsonStringify from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Enrollment, EnrollmentListResponse } from '../../src/modules/enrollments/enrollments.schemas.js';
import { Student, StudentListResponse } from '../../src/modules/students/students.schemas.js';
import { sharedSchemas } from '../../src/shared/schemas.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

/**
 * Every list reads through a prepared statement per shape (src/db/keyset.ts, preparedPage): the
 * filters set, the order, page or cursor mode. Requests of different shapes, one after another,
 * must each get their own rows; requests of one shape with other values (another course's
 * modules) must get theirs. The student and enrollment lists are written by JSON.stringify
 * (pageReply's `plain`): byte for byte what their schema serializer writes.
 */
describe.each(testDialects())('lists as prepared statements [%s]', (dialect) => {
  let t: TestApp;
  let key: string;
  const ids = { students: {} as Record<string, string>, courses: [] as string[], modules: [] as string[], lessons: [] as string[][], enrollments: {} as Record<string, string> };

  const get = async (url: string) => {
    const response = await t.request({ url: `/api/v1${url}`, key });
    if (response.status !== 200) throw new Error(`${url}: ${show(response)}`);
    return response;
  };
  const post = async (url: string, body?: unknown) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body, key });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${url}: ${show(response)}`);
    return response.body.data;
  };
  const idsOf = (response: { body: { data: { id: string }[] } }) => response.body.data.map((item) => item.id);

  beforeAll(async () => {
    t = await setupApp(dialect);
    key = (await t.newKey()).key;
    // Two published courses: the first with modules of 3 and 2 lessons, the second with one of 1.
    for (const [c, sizes] of [[3, 2], [1]].entries()) {
      const course = await post('/courses', { title: `Course ${c}` });
      ids.courses.push(course.id);
      for (const [m, size] of sizes.entries()) {
        const module = await post(`/courses/${course.id}/modules`, { title: `Module ${c}.${m}` });
        ids.modules.push(module.id);
        const lessons: string[] = [];
        for (let l = 0; l < size; l++) lessons.push((await post(`/modules/${module.id}/lessons`, { title: `Lesson ${c}.${m}.${l}`, type: 'text' })).id);
        ids.lessons.push(lessons);
      }
      await post(`/courses/${course.id}/publish`);
      t.clock.advance(10);
    }
    const students = {
      quoted: { email: 'q@example.com', name: 'Quotes " and \\ and \u00e9 \u2028', external_id: 'ext "1"', metadata: { level: 'a "b"', 'k\u00e9': '' } },
      plain: { email: 'p@example.com', name: 'Plain' },
      inactive: { email: 'i@example.com', name: 'Inactive', status: 'inactive', external_id: 'sis-2' },
    };
    for (const [name, body] of Object.entries(students)) {
      ids.students[name] = (await post('/students', body)).id;
      t.clock.advance(10);
    }
    // quoted: enrolled in both courses, the second completed (100 %); plain: in the first, one lesson of 5 done (20 %).
    for (const [name, student, course] of [
      ['quoted0', 'quoted', 0],
      ['quoted1', 'quoted', 1],
      ['plain0', 'plain', 0],
    ] as const) {
      ids.enrollments[name] = (await post('/enrollments', { student_id: ids.students[student], course_id: ids.courses[course] })).id;
      t.clock.advance(10);
    }
    await post(`/students/${ids.students.quoted}/progress`, { lesson_id: ids.lessons[2]![0], status: 'completed' });
    t.clock.advance(10);
    await post(`/students/${ids.students.plain}/progress`, { lesson_id: ids.lessons[0]![0], status: 'completed' });
  });
  afterAll(() => t.close());

  it('answers each filter set of the student list with its own rows, in any order of requests', async () => {
    const { quoted, plain, inactive } = ids.students as Record<'quoted' | 'plain' | 'inactive', string>;
    const cases: [string, string[]][] = [
      ['?status=inactive', [inactive]],
      ['?status=active', [quoted, plain]],
      ['', [quoted, plain, inactive]],
      ['?email=P@EXAMPLE.COM', [plain]],
      ['?external_id=sis-2', [inactive]],
      ['?external_id=sis-2&status=active', []],
      ['?status=active&sort=-name', [quoted, plain]],
      ['?cursor=&status=active&sort=-created_at', [plain, quoted]],
      ['?cursor=&sort=name', [inactive, plain, quoted]],
    ];
    for (const order of [cases, [...cases].reverse()]) {
      for (const [query, expected] of order) {
        const response = await get(`/students${query}`);
        expect(idsOf(response), `${query}: ${show(response)}`).toEqual(expected);
        if (!query.includes('cursor')) expect(response.body.pagination.total, query).toBe(expected.length);
      }
    }
  });

  it('answers each filter set of the enrollment list with its own rows, status=completed first in its shape too', async () => {
    const { quoted0, quoted1, plain0 } = ids.enrollments as Record<'quoted0' | 'quoted1' | 'plain0', string>;
    const [first, second] = ids.courses as [string, string];
    const cases: [string, string[]][] = [
      // A new shape whose first value, 'completed', is also a constant of the progress subquery.
      ['?cursor=&status=completed&sort=-updated_at&per_page=3', [quoted1]],
      ['?status=completed', [quoted1]],
      ['?status=active', [quoted0, plain0]],
      [`?course_id=${first}`, [quoted0, plain0]],
      [`?course_id=${second}`, [quoted1]],
      [`?student_id=${ids.students.plain}&course_id=${first}`, [plain0]],
      [`?student_id=${ids.students.plain}&course_id=${second}`, []],
      ['', [quoted0, quoted1, plain0]],
      ['?sort=-created_at&per_page=1&page=2', [quoted1]],
    ];
    for (const order of [cases, [...cases].reverse()]) {
      for (const [query, expected] of order) {
        const response = await get(`/enrollments${query}`);
        expect(idsOf(response), `${query}: ${show(response)}`).toEqual(expected);
      }
    }
    const all = (await get('/enrollments')).body.data as { id: string; status: string; progress_percent: number }[];
    expect(all.map((e) => [e.id, e.status, e.progress_percent])).toEqual([
      [quoted0, 'active', 0],
      [quoted1, 'completed', 100],
      [plain0, 'active', 20],
    ]);
  });

  it('answers each filter set of the event log with its own rows', async () => {
    const events = (await get('/events?per_page=100&sort=created_at')).body.data as { id: string; created_at: string; type: string }[];
    const ofType = (match: (type: string) => boolean) => events.filter((e) => match(e.type)).map((e) => e.id);
    const cases: [string, string[]][] = [
      ['?type=student.*', ofType((type) => type.startsWith('student.'))],
      ['?type=student.created', ofType((type) => type === 'student.created')],
      ['?type=student.completed_lesson', ofType((type) => type === 'student.completed_lesson')],
      ['?type=course.*', ofType((type) => type.startsWith('course.'))],
      ['?type=module.created', ofType((type) => type === 'module.created')],
      ['', events.map((e) => e.id)],
    ];
    expect(cases.map(([, expected]) => expected.length)).toEqual([9, 3, 2, 4, 3, events.length]);
    for (const order of [cases, [...cases].reverse()]) {
      for (const [query, expected] of order) {
        const response = await get(`/events?per_page=100&sort=created_at${query.replace('?', '&')}`);
        expect(idsOf(response), query).toEqual(expected);
        expect(response.body.pagination.total, query).toBe(expected.length);
      }
    }
    const middle = events[Math.floor(events.length / 2)]!.created_at;
    const from = await get(`/events?per_page=100&sort=created_at&from=${middle}`);
    const to = await get(`/events?per_page=100&sort=created_at&to=${middle}`);
    expect([...idsOf(to), ...idsOf(from)]).toEqual(events.map((e) => e.id));
    const both = await get(`/events?per_page=100&sort=created_at&from=${events[0]!.created_at}&to=${middle}&type=lesson.created`);
    expect(idsOf(both)).toEqual(events.filter((e) => e.type === 'lesson.created' && e.created_at < middle).map((e) => e.id));
  });

  it("lists each course's modules and each module's lessons, in pages and by cursor over position", async () => {
    for (const [c, modules] of [ids.modules.slice(0, 2), ids.modules.slice(2)].entries()) {
      expect(idsOf(await get(`/courses/${ids.courses[c]}/modules`))).toEqual(modules);
    }
    for (const [m, lessons] of ids.lessons.entries()) {
      const moduleId = ids.modules[m];
      const paged = await get(`/modules/${moduleId}/lessons?per_page=2`);
      expect(idsOf(paged)).toEqual(lessons.slice(0, 2));
      expect(paged.body.pagination.total).toBe(lessons.length);
      const walked: string[] = [];
      let cursor = '';
      for (;;) {
        const page = await get(`/modules/${moduleId}/lessons?per_page=1&cursor=${cursor}`);
        walked.push(...idsOf(page));
        if (!page.body.pagination.has_more) break;
        cursor = page.body.pagination.next_cursor;
      }
      expect(walked).toEqual(lessons);
    }
  });

  it('writes the student and enrollment lists as their schema serializers would, in page and cursor mode', async () => {
    const schemas = Object.fromEntries([...sharedSchemas, Student, Enrollment].map((schema) => [(schema as { $id: string }).$id, schema]));
    for (const [path, schema] of [
      ['/students', StudentListResponse],
      ['/enrollments', EnrollmentListResponse],
    ] as const) {
      const serialize = fastJsonStringify(schema, { schema: schemas as never });
      for (const query of ['?per_page=1', '?per_page=100&sort=-created_at', '?cursor=&per_page=2', '?cursor=&per_page=100']) {
        const response = await get(`${path}${query}`);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.text, `${path}${query}`).toBe(serialize(JSON.parse(response.text)));
      }
    }
    const students = (await get('/students?per_page=100')).body.data as { external_id: string | null; metadata: object; status: string }[];
    expect(students.map((s) => [s.external_id, s.status, s.metadata])).toEqual([
      ['ext "1"', 'active', { level: 'a "b"', 'k\u00e9': '' }],
      [null, 'active', {}],
      ['sis-2', 'inactive', {}],
    ]);
    const enrollments = (await get('/enrollments?per_page=100')).body.data as { completed_at: string | null; score: number | null }[];
    expect(enrollments.map((e) => [e.completed_at === null, e.score])).toEqual([
      [true, null],
      [false, 100],
      [true, null],
    ]);
  });
});
