import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

/**
 * Search through HTTP. Each test works in a workspace of its own (a fresh account), so the
 * rankings and totals it checks see only its own rows; its limits are lifted out of the way, as
 * the harness does for its main key (the search window is tested at the end).
 */
describe.each(testDialects())('search [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const workspace = async (scopes?: string[]) => {
    const created = await t.newKey(scopes ? { scopes } : {});
    await setPlan(t.ctx, created.accountId, 'professional', { hourly_limit: 1_000_000, burst_limit: 1_000_000, search_hourly_limit: 1_000_000 });
    return created;
  };
  const post = async (key: string, url: string, body: Record<string, unknown>) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body, key });
    expect(response.status, show(response)).toBe(201);
    return response.body.data as { id: string; [field: string]: unknown };
  };
  const search = (key: string, kind: 'courses' | 'lessons' | 'students', q: string, extra = '') =>
    t.request({ url: `/api/v1/search/${kind}?q=${encodeURIComponent(q)}${extra}`, key });
  /** The ids a search answers, in order (asserting a 200). */
  const found = async (key: string, kind: 'courses' | 'lessons' | 'students', q: string) => {
    const response = await search(key, kind, q);
    expect(response.status, show(response)).toBe(200);
    return response.body.data.map((item: { id: string }) => item.id) as string[];
  };
  /** The ids a search answers, sorted: for tests of what matches, not of the order. */
  const matched = async (key: string, kind: 'courses' | 'lessons' | 'students', q: string) => (await found(key, kind, q)).sort();

  it('ranks a title match above a description match, whatever the creation order', async () => {
    const { key } = await workspace();
    const inDescription = await post(key, '/courses', { title: 'Plant biology', description: 'Covers photosynthesis and respiration in depth.' });
    const inTitle = await post(key, '/courses', { title: 'Photosynthesis', description: 'How plants make sugar.' });
    await post(key, '/courses', { title: 'Animal biology', description: 'Nothing about plants.' });
    expect(await found(key, 'courses', 'photosynthesis')).toEqual([inTitle.id, inDescription.id]);
    const response = await search(key, 'courses', 'photosynthesis');
    expect(response.body.data[0]).toEqual(inTitle);
    expect(response.body.pagination).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1, next_cursor: null });
  });

  it('ties rank by id, so equal matches keep a stable order', async () => {
    const { key } = await workspace();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(key, '/courses', { title: 'Twin course', description: 'Same words' })).id);
    expect(await found(key, 'courses', 'twin')).toEqual([...ids].sort());
  });

  it('matches each word as a prefix, case-insensitively, and needs every word (AND)', async () => {
    const { key } = await workspace();
    const algebra = await post(key, '/courses', { title: 'Introduction to Algebra' });
    const biology = await post(key, '/courses', { title: 'Introductory Biology', description: 'Cells and ALGORITHMS of life' });
    expect(await matched(key, 'courses', 'intro')).toEqual([algebra.id, biology.id].sort());
    expect(await matched(key, 'courses', 'INTRO')).toEqual([algebra.id, biology.id].sort());
    expect(await matched(key, 'courses', 'intro alg')).toEqual([algebra.id, biology.id].sort());
    expect(await matched(key, 'courses', 'alg intro')).toEqual([algebra.id, biology.id].sort());
    expect(await found(key, 'courses', 'introduction algebra')).toEqual([algebra.id]);
    expect(await found(key, 'courses', 'intro cells')).toEqual([biology.id]);
    expect(await found(key, 'courses', 'intro chemistry')).toEqual([]);
    // A prefix finds the start of a word only.
    expect(await found(key, 'courses', 'gebra')).toEqual([]);
  });

  it('ignores accents and case in both directions', async () => {
    const { key } = await workspace();
    const cafe = await post(key, '/courses', { title: 'Café crème', description: 'Barista training' });
    const resume = await post(key, '/courses', { title: 'Resume writing', description: 'Land the job' });
    const umlaut = await post(key, '/courses', { title: 'Über alles', description: 'Naïve ÉCOLE' });
    expect(await found(key, 'courses', 'cafe')).toEqual([cafe.id]);
    expect(await found(key, 'courses', 'CAFÉ CREME')).toEqual([cafe.id]);
    expect(await found(key, 'courses', 'résumé')).toEqual([resume.id]);
    expect(await found(key, 'courses', 'RÉSUMÉ')).toEqual([resume.id]);
    expect(await found(key, 'courses', 'uber naive ecole')).toEqual([umlaut.id]);
    // Decomposed accents (e + U+0301) as some keyboards send them.
    expect(await found(key, 'courses', 'cafe\u0301')).toEqual([cafe.id]);
    expect(await found(key, 'courses', 're\u0301sume\u0301')).toEqual([resume.id]);
    // Letters that are not accented forms of another are matched as written (docs/api.md "Search").
    const lodz = await post(key, '/courses', { title: 'Łódź by night' });
    expect(await found(key, 'courses', 'ŁÓDŹ')).toEqual([lodz.id]);
    expect(await found(key, 'courses', 'łodz')).toEqual([lodz.id]);
  });

  it('answers 400 validation_error to a query without a letter or digit, and to a missing, empty or long q', async () => {
    const { key } = await workspace();
    for (const q of ['!!!', '"', '*', '-', "'", '()', '" * - \' ( ) :', '\u0301']) {
      const response = await search(key, 'courses', q);
      expect(response.status, `${q}: ${show(response)}`).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(response.body.error.details.errors).toEqual([{ path: '/query/q', message: 'must contain at least one letter or digit' }]);
    }
    for (const url of ['/api/v1/search/courses', '/api/v1/search/courses?q=', `/api/v1/search/courses?q=${'a'.repeat(201)}`]) {
      const response = await t.request({ url, key });
      expect(response.status, show(response)).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
    }
  });

  it('never lets a query become full-text syntax: quotes, operators and stars are plain separators', async () => {
    const { key } = await workspace();
    const oregon = await post(key, '/courses', { title: 'Oregon trail', description: 'near the coast' });
    const near = await post(key, '/courses', { title: 'Nearby stars', description: 'not a trail' });
    const hostile = [
      '"', '""', '"oregon', 'oregon"', '*', 'or*', '**', 'OR', 'AND', 'NOT', 'NEAR(', 'NEAR(oregon trail, 2)', '-', '-oregon', "'", "o'regon",
      'title:oregon', '{title}: oregon', '^oregon', 'oregon)', '(oregon', 'a & b', 'a | b', '!oregon', 'oregon:*', '\\', "'; drop table courses; --",
      '%', '_', 'ore\u0000gon',
    ];
    for (const q of hostile) {
      const response = await search(key, 'courses', q);
      expect([200, 400], `${JSON.stringify(q)}: ${show(response)}`).toContain(response.status);
    }
    expect(await found(key, 'courses', '"oregon"')).toEqual([oregon.id]);
    expect(await found(key, 'courses', 'OR')).toEqual([oregon.id]);
    expect(await matched(key, 'courses', 'NEAR(')).toEqual([near.id, oregon.id].sort());
    expect(await found(key, 'courses', '-oregon')).toEqual([oregon.id]);
    expect(await found(key, 'courses', 'oregon NOT trail')).toEqual([]);
    expect(await found(key, 'courses', 'oregon:* trail')).toEqual([oregon.id]);
    expect(await found(key, 'courses', "'; drop table courses; --")).toEqual([]);
    expect((await t.request({ url: '/api/v1/courses', key })).body.pagination.total).toBe(2);
    // Lessons and students take the same path.
    for (const kind of ['lessons', 'students'] as const) {
      for (const q of ['NEAR(', '"', 'a*"b', "x' OR '1'='1"]) {
        const response = await search(key, kind, q);
        expect([200, 400], `${kind} ${q}: ${show(response)}`).toContain(response.status);
      }
    }
  });

  it('keeps the index in sync with every write: create, rename, edit, delete', async () => {
    const { key } = await workspace();
    const course = await post(key, '/courses', { title: 'Quantum mechanics', description: 'Waves' });
    expect(await found(key, 'courses', 'quantum')).toEqual([course.id]);
    const renamed = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}`, body: { title: 'Relativity' }, key });
    expect(renamed.status, show(renamed)).toBe(200);
    expect(await found(key, 'courses', 'quantum')).toEqual([]);
    expect(await found(key, 'courses', 'relativity')).toEqual([course.id]);
    expect(await found(key, 'courses', 'waves')).toEqual([course.id]);
    await t.request({ method: 'PATCH', url: `/api/v1/courses/${course.id}`, body: { description: 'Particles' }, key });
    expect(await found(key, 'courses', 'waves')).toEqual([]);
    expect(await found(key, 'courses', 'relativity particles')).toEqual([course.id]);
    // A write that does not touch the text (publishing) leaves it findable.
    await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/publish`, key });
    expect(await found(key, 'courses', 'relativity')).toEqual([course.id]);

    const module = await post(key, `/courses/${course.id}/modules`, { title: 'Basics' });
    const lesson = await post(key, `/modules/${module.id}/lessons`, { title: 'Spacetime', type: 'text', content: 'Light cones' });
    expect(await found(key, 'lessons', 'light')).toEqual([lesson.id]);
    await t.request({ method: 'PUT', url: `/api/v1/lessons/${lesson.id}`, body: { content: 'Twin paradox' }, key });
    expect(await found(key, 'lessons', 'light')).toEqual([]);
    expect(await found(key, 'lessons', 'paradox')).toEqual([lesson.id]);

    const student = await post(key, '/students', { name: 'Ada Lovelace', email: 'ada@engines.example' });
    expect(await found(key, 'students', 'lovelace')).toEqual([student.id]);
    await t.request({ method: 'PUT', url: `/api/v1/students/${student.id}`, body: { name: 'Ada King', email: 'countess@lovelace.example' }, key });
    expect(await found(key, 'students', 'engines')).toEqual([]);
    expect(await found(key, 'students', 'king')).toEqual([student.id]);
    expect(await found(key, 'students', 'countess lovelace')).toEqual([student.id]);
    const deletedStudent = await t.request({ method: 'DELETE', url: `/api/v1/students/${student.id}`, key });
    expect(deletedStudent.status, show(deletedStudent)).toBe(200);
    expect(await found(key, 'students', 'king')).toEqual([]);

    // Deleting the course takes its lessons with it, out of the index too.
    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}`, key });
    expect(deleted.status, show(deleted)).toBe(200);
    expect(await found(key, 'courses', 'relativity')).toEqual([]);
    expect(await found(key, 'lessons', 'paradox')).toEqual([]);
    expect(await found(key, 'lessons', 'spacetime')).toEqual([]);
  });

  it('indexes bulk-created students', async () => {
    const { key } = await workspace();
    const bulk = await t.request({
      method: 'POST',
      url: '/api/v1/students/bulk',
      key,
      body: { records: [{ name: 'Grace Hopper', email: 'grace@navy.example' }, { name: 'Alan Turing', email: 'alan@bletchley.example' }] },
    });
    expect(bulk.status, show(bulk)).toBe(201);
    expect(await found(key, 'students', 'hopper')).toEqual([bulk.body.data[0].data.id]);
    expect(await found(key, 'students', 'bletch')).toEqual([bulk.body.data[1].data.id]);
  });

  it('ranks a student name match above an email match', async () => {
    const { key } = await workspace();
    const byEmail = await post(key, '/students', { name: 'Bob Smith', email: 'turing.fan@example.com' });
    const byName = await post(key, '/students', { name: 'Alan Turing', email: 'alan@example.com' });
    expect(await found(key, 'students', 'turing')).toEqual([byName.id, byEmail.id]);
    expect(await matched(key, 'students', 'example')).toEqual([byEmail.id, byName.id].sort());
    const response = await search(key, 'students', 'alan');
    expect(response.body.data).toEqual([byName]);
  });

  it('ranks a lesson title match above a content match, and hides quiz answers from read-only keys', async () => {
    const { key, accountId } = await workspace();
    const course = await post(key, '/courses', { title: 'Geography' });
    const module = await post(key, `/courses/${course.id}/modules`, { title: 'Europe' });
    const inContent = await post(key, `/modules/${module.id}/lessons`, { title: 'Rivers', type: 'text', content: 'The capitals and their rivers' });
    const quiz = {
      passing_score: 50,
      questions: [{ prompt: 'Capital of France?', kind: 'single_choice', choices: ['Paris', 'Lyon'], answer: 0 }],
    };
    const inTitle = await post(key, `/modules/${module.id}/lessons`, { title: 'Capitals quiz', type: 'quiz', quiz });
    expect(await found(key, 'lessons', 'capital')).toEqual([inTitle.id, inContent.id]);

    const writer = await search(key, 'lessons', 'capitals quiz');
    expect(writer.body.data).toEqual([inTitle]);
    expect(writer.body.data[0].quiz.questions[0].answer).toBe(0);
    const reader = await t.newKey({ accountId, scopes: ['courses:read'] });
    const read = await search(reader.key, 'lessons', 'capitals quiz');
    expect(read.status, show(read)).toBe(200);
    expect(read.body.data.map((l: { id: string }) => l.id)).toEqual([inTitle.id]);
    expect(JSON.stringify(read.body)).not.toContain('"answer"');
    expect(read.body.data[0].quiz.questions[0].choices).toEqual(['Paris', 'Lyon']);
  });

  it('never shows another workspace\'s rows, nor another environment\'s of the same account', async () => {
    const mine = await workspace();
    const theirs = await workspace();
    const mineDev = await t.newKey({ accountId: mine.accountId, environment: 'development' });
    const course = await post(mine.key, '/courses', { title: 'Shared title secrets' });
    const theirCourse = await post(theirs.key, '/courses', { title: 'Shared title secrets' });
    const student = await post(mine.key, '/students', { name: 'Shared Name', email: 'same@example.com' });
    const theirStudent = await post(theirs.key, '/students', { name: 'Shared Name', email: 'same@example.com' });
    const module = await post(theirs.key, `/courses/${theirCourse.id}/modules`, { title: 'M' });
    const theirLesson = await post(theirs.key, `/modules/${module.id}/lessons`, { title: 'Shared lesson', type: 'text' });

    expect(await found(mine.key, 'courses', 'shared secrets')).toEqual([course.id]);
    expect(await found(theirs.key, 'courses', 'shared secrets')).toEqual([theirCourse.id]);
    expect(await found(mine.key, 'students', 'shared')).toEqual([student.id]);
    expect(await found(theirs.key, 'students', 'shared')).toEqual([theirStudent.id]);
    expect(await found(mine.key, 'lessons', 'shared')).toEqual([]);
    expect(await found(theirs.key, 'lessons', 'shared')).toEqual([theirLesson.id]);
    expect(await found(mineDev.key, 'courses', 'shared')).toEqual([]);
    expect((await search(mine.key, 'courses', 'shared')).body.pagination.total).toBe(1);
  });

  it('needs courses:read for courses and lessons, students:read for students', async () => {
    const { accountId } = await workspace();
    const coursesOnly = await t.newKey({ accountId, scopes: ['courses:read'] });
    const studentsOnly = await t.newKey({ accountId, scopes: ['students:write'] });
    for (const kind of ['courses', 'lessons'] as const) {
      expect((await search(coursesOnly.key, kind, 'x')).status).toBe(200);
      const refused = await search(studentsOnly.key, kind, 'x');
      expect(refused.status, show(refused)).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'insufficient_permissions', details: { required_scope: 'courses:read' } });
    }
    expect((await search(studentsOnly.key, 'students', 'x')).status).toBe(200);
    const refused = await search(coursesOnly.key, 'students', 'x');
    expect(refused.status).toBe(403);
    expect(refused.body.error.details).toEqual({ required_scope: 'students:read' });
    expect((await t.request({ url: '/api/v1/search/courses?q=x', key: null })).status).toBe(401);
  });

  it('pages with totals and Link headers; cursor mode is refused', async () => {
    const { key } = await workspace();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await post(key, '/courses', { title: `Pottery ${i}`, description: 'Clay' })).id);
    await post(key, '/courses', { title: 'Unrelated' });
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const response = await search(key, 'courses', 'pottery', `&per_page=10&page=${page}`);
      expect(response.status, show(response)).toBe(200);
      expect(response.body.pagination).toEqual({ page, per_page: 10, total: 25, total_pages: 3, next_cursor: null });
      expect(response.body.data).toHaveLength(page === 3 ? 5 : 10);
      seen.push(...response.body.data.map((c: { id: string }) => c.id));
      if (page < 3) expect(response.headers.link).toContain(`page=${page + 1}&per_page=10>; rel="next"`);
      expect(response.headers.link).toContain('q=pottery');
    }
    expect(seen).toEqual([...ids].sort());
    const past = await search(key, 'courses', 'pottery', '&per_page=10&page=9');
    expect(past.body).toEqual({ data: [], pagination: { page: 9, per_page: 10, total: 25, total_pages: 3, next_cursor: null } });

    const tooMany = await search(key, 'courses', 'pottery', '&per_page=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('validation_error');
    for (const cursor of ['', 'abc']) {
      const withCursor = await search(key, 'courses', 'pottery', `&cursor=${cursor}`);
      expect(withCursor.status, show(withCursor)).toBe(400);
      expect(withCursor.body.error).toMatchObject({ code: 'invalid_parameter', details: { parameter: 'cursor' } });
    }
    const unknown = await search(key, 'courses', 'pottery', '&sort=title');
    expect(unknown.status).toBe(400);
  });

  it('spends the key\'s search window (100 an hour), besides the hourly quota', async () => {
    const { key } = await t.newKey();
    const first = await search(key, 'courses', 'anything');
    expect(first.status, show(first)).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe('"hourly";q=1000;w=3600, "burst";q=100;w=60, "search";q=100;w=3600');
    await search(key, 'students', 'anything');
    await search(key, 'lessons', 'anything');
    await t.request({ url: '/api/v1/courses', key });
    const limits = await t.request({ url: '/api/v1/rate-limits', key });
    expect(limits.body.data.endpoints.search).toMatchObject({ limit: 100, used: 3, remaining: 97 });
    expect(limits.body.data.hourly).toMatchObject({ used: 4 });
  });
});
