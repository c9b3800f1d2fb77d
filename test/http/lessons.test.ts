import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

const quiz = {
  passing_score: 60,
  questions: [
    { prompt: '2 + 2?', kind: 'single_choice', choices: ['3', '4', '5'], answer: 1 },
    { prompt: 'Primes?', kind: 'multiple_choice', choices: ['2', '4', '5', '9'], answer: [2, 0] },
    { prompt: 'The earth is round', kind: 'true_false', answer: true },
    { prompt: 'Capital of France', kind: 'short_answer', answer: ['Paris'] },
  ],
};

describe.each(testDialects())('lessons [%s]', (dialect) => {
  let t: TestApp;
  let moduleId: string;
  let courseId: string;
  beforeAll(async () => {
    t = await setupApp(dialect);
    courseId = (await createCourse(t)).id;
    moduleId = (await t.request({ method: 'POST', url: `/api/v1/courses/${courseId}/modules`, body: { title: 'Module' } })).body.data.id;
  });
  afterAll(() => t.close());

  const add = (body: Record<string, unknown>, module = moduleId, key?: string) =>
    t.request({ method: 'POST', url: `/api/v1/modules/${module}/lessons`, body, ...(key ? { key } : {}) });

  it('creates lessons of every type, in position order within the module', async () => {
    const text = await add({ title: 'Read this', type: 'text', content: '# Hello' });
    expect(text.status, show(text)).toBe(201);
    expect(text.body.data).toMatchObject({ module_id: moduleId, course_id: courseId, type: 'text', content: '# Hello', position: 0, quiz: null, video_url: null });
    const video = await add({ title: 'Watch', type: 'video', video_url: 'https://video.example.com/1', duration_seconds: 300, position: 0 });
    expect(video.body.data).toMatchObject({ position: 0, duration_seconds: 300 });
    const q = await add({ title: 'Check', type: 'quiz', quiz });
    expect(q.status, show(q)).toBe(201);
    expect(q.body.data.quiz.passing_score).toBe(60);
    for (const question of q.body.data.quiz.questions) expect(question.id).toMatch(/^qst_/);
    expect(q.body.data.quiz.questions[1].answer).toEqual([0, 2]);
    expect((await add({ title: 'Do', type: 'assignment' })).status).toBe(201);
    const list = await t.request({ url: `/api/v1/modules/${moduleId}/lessons` });
    expect(list.body.data.map((l: { title: string; position: number }) => [l.position, l.title])).toEqual([
      [0, 'Watch'],
      [1, 'Read this'],
      [2, 'Check'],
      [3, 'Do'],
    ]);
  });

  it('hides quiz answers from keys without courses:write', async () => {
    const created = (await add({ title: 'Secret answers', type: 'quiz', quiz })).body.data;
    const reader = await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] });
    const read = await t.request({ url: `/api/v1/lessons/${created.id}`, key: reader.key });
    expect(read.status).toBe(200);
    for (const question of read.body.data.quiz.questions) expect(question).not.toHaveProperty('answer');
    expect(read.body.data.quiz.questions[0].choices).toEqual(['3', '4', '5']);
    const listed = await t.request({ url: `/api/v1/modules/${moduleId}/lessons?per_page=100`, key: reader.key });
    expect(JSON.stringify(listed.body)).not.toContain('"answer"');
    const writer = await t.request({ url: `/api/v1/lessons/${created.id}` });
    expect(writer.body.data.quiz.questions[2].answer).toBe(true);
    expect(read.headers.etag).not.toBe(writer.headers.etag);
  });

  it('refuses quizzes whose answers do not fit their questions, with a pointer to each problem', async () => {
    const bad = {
      passing_score: 50,
      questions: [
        { prompt: 'a', kind: 'single_choice', choices: ['x', 'y'], answer: 2 },
        { prompt: 'b', kind: 'multiple_choice', choices: ['x', 'y'], answer: [1, 1] },
        { prompt: 'c', kind: 'true_false', answer: 0 },
        { prompt: 'd', kind: 'short_answer', answer: [] },
        { prompt: 'e', kind: 'single_choice', answer: 0 },
        { id: 'same', prompt: 'f', kind: 'true_false', answer: true },
        { id: 'same', prompt: 'g', kind: 'true_false', answer: false },
      ],
    };
    const response = await add({ title: 'Broken', type: 'quiz', quiz: bad });
    expect(response.status, show(response)).toBe(400);
    expect(response.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual([
      '/quiz/questions/0/answer',
      '/quiz/questions/1/answer',
      '/quiz/questions/2/answer',
      '/quiz/questions/3/answer',
      '/quiz/questions/4/choices',
      '/quiz/questions/6/id',
    ]);
    expect((await add({ title: 'No quiz', type: 'quiz' })).status).toBe(400);
    expect((await add({ title: 'Quiz on text', type: 'text', quiz })).status).toBe(400);
    expect((await add({ title: 'Bad url', type: 'video', video_url: 'not a url' })).status).toBe(400);
    const list = await t.request({ url: `/api/v1/modules/${moduleId}/lessons?per_page=100` });
    expect(list.body.data.map((l: { title: string }) => l.title)).not.toContain('Broken');
  });

  it('replaces a quiz on update, keeping question ids sent back; changing the type away drops it', async () => {
    const created = (await add({ title: 'Evolving', type: 'quiz', quiz })).body.data;
    const kept = created.quiz.questions[0];
    const updated = await t.request({
      method: 'PATCH',
      url: `/api/v1/lessons/${created.id}`,
      body: { quiz: { passing_score: 100, questions: [{ id: kept.id, prompt: kept.prompt, kind: kept.kind, choices: kept.choices, answer: 2 }] } },
    });
    expect(updated.status, show(updated)).toBe(200);
    expect(updated.body.data.quiz).toEqual({ passing_score: 100, questions: [{ ...kept, answer: 2 }] });
    const asText = await t.request({ method: 'PATCH', url: `/api/v1/lessons/${created.id}`, body: { type: 'text', content: 'Now reading' } });
    expect(asText.body.data).toMatchObject({ type: 'text', quiz: null });
    const backToQuiz = await t.request({ method: 'PATCH', url: `/api/v1/lessons/${created.id}`, body: { type: 'quiz' } });
    expect(backToQuiz.status).toBe(400);
  });

  it('moves lessons within the module and deleting a module deletes its lessons', async () => {
    const mod = (await t.request({ method: 'POST', url: `/api/v1/courses/${courseId}/modules`, body: { title: 'Temp' } })).body.data.id;
    const ids: string[] = [];
    for (const title of ['L0', 'L1', 'L2']) ids.push((await add({ title, type: 'text' }, mod)).body.data.id);
    await t.request({ method: 'PATCH', url: `/api/v1/lessons/${ids[2]}`, body: { position: 0 } });
    await t.request({ method: 'DELETE', url: `/api/v1/lessons/${ids[0]}` });
    const list = await t.request({ url: `/api/v1/modules/${mod}/lessons` });
    expect(list.body.data.map((l: { title: string; position: number }) => [l.position, l.title])).toEqual([
      [0, 'L2'],
      [1, 'L1'],
    ]);
    const tooFar = await t.request({ method: 'PATCH', url: `/api/v1/lessons/${ids[1]}`, body: { position: 2 } });
    expect(tooFar.status).toBe(400);
    await t.request({ method: 'DELETE', url: `/api/v1/modules/${mod}` });
    for (const id of ids) expect((await t.request({ url: `/api/v1/lessons/${id}` })).status).toBe(404);
    const orphans = await t.ctx.db.selectFrom('lessons').select('id').where('module_id', '=', mod).execute();
    expect(orphans).toEqual([]);
  });

  it("answers 404 for another workspace's module or lesson", async () => {
    const lesson = (await add({ title: 'Private', type: 'text' })).body.data;
    const other = await t.newKey();
    expect((await add({ title: 'Intrusion', type: 'text' }, moduleId, other.key)).status).toBe(404);
    expect((await t.request({ url: `/api/v1/modules/${moduleId}/lessons`, key: other.key })).status).toBe(404);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await t.request({ method, url: `/api/v1/lessons/${lesson.id}`, key: other.key, ...(method === 'PATCH' ? { body: { title: 'x' } } : {}) });
      expect(response.status).toBe(404);
    }
    expect((await t.request({ url: `/api/v1/lessons/${lesson.id}` })).body.data.title).toBe('Private');
  });
});
