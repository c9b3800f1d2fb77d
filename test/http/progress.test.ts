import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('authoring, progress and quizzes end to end [%s]', (dialect) => {
  let t: TestApp;
  let courseId: string;
  const lessonIds: string[] = [];
  let quizLesson: { id: string; quiz: { questions: { id: string }[] } };
  const students: string[] = [];

  beforeAll(async () => {
    t = await setupApp(dialect);
    const post = async (url: string, body: unknown) => {
      const response = await t.request({ method: 'POST', url, body });
      if (response.status !== 201 && response.status !== 200) throw new Error(`${url}: ${show(response)}`);
      return response.body.data;
    };
    courseId = (await post('/api/v1/courses', { title: 'Geometry' })).id;
    // 3 modules with 4 + 3 + 3 lessons; the last lesson of module 2 is a quiz.
    for (const [m, count] of [4, 3, 3].entries()) {
      const moduleId = (await post(`/api/v1/courses/${courseId}/modules`, { title: `Module ${m}` })).id;
      for (let l = 0; l < count; l++) {
        if (m === 1 && l === count - 1) {
          quizLesson = await post(`/api/v1/modules/${moduleId}/lessons`, {
            title: 'Quiz',
            type: 'quiz',
            quiz: {
              passing_score: 50,
              questions: [
                { prompt: 'Angles in a triangle', kind: 'single_choice', choices: ['90', '180', '360'], answer: 1 },
                { prompt: 'A square is a rectangle', kind: 'true_false', answer: true },
              ],
            },
          });
          lessonIds.push(quizLesson.id);
        } else {
          lessonIds.push((await post(`/api/v1/modules/${moduleId}/lessons`, { title: `Lesson ${m}.${l}`, type: 'text' })).id);
        }
      }
    }
    await post(`/api/v1/courses/${courseId}/publish`, undefined);
    // 100 students in one bulk request; the first 99 bulk-enrolled, the last one left out.
    const records = Array.from({ length: 100 }, (_, i) => ({ email: `learner${i}@example.com`, name: `Learner ${i}` }));
    const created = await t.request({ method: 'POST', url: '/api/v1/students/bulk', body: { records } });
    if (created.status !== 201) throw new Error(show(created));
    students.push(...created.body.data.map((r: { data: { id: string } }) => r.data.id));
    const enrolled = await t.request({ method: 'POST', url: '/api/v1/enrollments/bulk', body: { records: students.slice(0, 99).map((s) => ({ student_id: s, course_id: courseId })) } });
    if (enrolled.status !== 201) throw new Error(show(enrolled));
  });
  afterAll(() => t.close());

  const progress = (studentId: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/v1/students/${studentId}/progress`, body });
  const attempt = (studentId: string, answers: unknown[]) =>
    t.request({ method: 'POST', url: `/api/v1/lessons/${quizLesson.id}/quiz-attempts`, body: { student_id: studentId, answers } });

  it('records activity: time adds up, completion counts towards progress_percent', async () => {
    const first = await progress(students[0]!, { lesson_id: lessonIds[0], status: 'started', time_spent_seconds: 120 });
    expect(first.status, show(first)).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'started', time_spent_seconds: 120, completed_at: null, enrollment: { progress_percent: 0, status: 'active' } });
    const done = await progress(students[0]!, { lesson_id: lessonIds[0], status: 'completed', time_spent_seconds: 30 });
    expect(done.body.data).toMatchObject({ status: 'completed', time_spent_seconds: 150, enrollment: { progress_percent: 10 } });
    const after = await progress(students[0]!, { lesson_id: lessonIds[0], status: 'started', time_spent_seconds: 10 });
    expect(after.body.data).toMatchObject({ status: 'completed', time_spent_seconds: 160 });
    for (const lesson of lessonIds.slice(1, 3)) await progress(students[0]!, { lesson_id: lesson, status: 'completed' });
    const read = await t.request({ url: `/api/v1/students/${students[0]}/progress` });
    expect(read.status, show(read)).toBe(200);
    const course = read.body.data.courses[0];
    expect(course).toMatchObject({ course_id: courseId, progress_percent: 30, lessons_completed: 3, lessons_total: 10, time_spent_seconds: 160, status: 'active' });
    expect(course.lessons.map((l: { lesson_id: string }) => l.lesson_id)).toEqual(lessonIds);
    expect(course.lessons.map((l: { status: string }) => l.status)).toEqual(['completed', 'completed', 'completed', ...Array(7).fill('not_started')]);
  });

  it('grades quiz attempts on the server; a pass completes the quiz lesson', async () => {
    const [q1, q2] = quizLesson.quiz.questions.map((q) => q.id);
    const failed = await attempt(students[1]!, [{ question_id: q1, answer: 0 }]);
    expect(failed.status, show(failed)).toBe(201);
    expect(failed.body.data).toMatchObject({ score: 0, passed: false, per_question: [{ question_id: q1, correct: false }, { question_id: q2, correct: false }] });
    const passed = await attempt(students[1]!, [{ question_id: q1, answer: 1 }, { question_id: q2, answer: false }]);
    expect(passed.body.data).toMatchObject({ score: 50, passed: true });
    expect(passed.body.data.id).toMatch(/^att_/);
    const read = await t.request({ url: `/api/v1/students/${students[1]}/progress?course_id=${courseId}` });
    const quizState = read.body.data.courses[0].lessons.find((l: { lesson_id: string }) => l.lesson_id === quizLesson.id);
    expect(quizState.status).toBe('completed');
    expect(read.body.data.courses[0].progress_percent).toBe(10);
  });

  it('completes the enrollment when the last lesson is completed, and reports it everywhere', async () => {
    const s = students[2]!;
    const [q1, q2] = quizLesson.quiz.questions.map((q) => q.id);
    for (const lesson of lessonIds.filter((id) => id !== quizLesson.id)) {
      const response = await progress(s, { lesson_id: lesson, status: 'completed', time_spent_seconds: 60 });
      expect(response.body.data.enrollment.status).toBe('active');
    }
    const last = await attempt(s, [{ question_id: q1, answer: 1 }, { question_id: q2, answer: true }]);
    expect(last.body.data).toMatchObject({ score: 100, passed: true });
    const enrollment = (await t.request({ url: `/api/v1/enrollments?student_id=${s}&course_id=${courseId}` })).body.data[0];
    expect(enrollment).toMatchObject({ status: 'completed', progress_percent: 100, completed_at: expect.any(String) });
    const course = (await t.request({ url: `/api/v1/courses/${courseId}` })).body.data;
    expect(course.enrollment_count).toBe(99);
    const completed = await t.request({ url: `/api/v1/enrollments?course_id=${courseId}&status=completed` });
    expect(completed.body.data.map((e: { student_id: string }) => e.student_id)).toEqual([s]);
    const read = await t.request({ url: `/api/v1/students/${s}/progress` });
    expect(read.body.data.courses[0]).toMatchObject({ status: 'completed', progress_percent: 100, lessons_completed: 10, time_spent_seconds: 540 });
  });

  it('refuses activity of a student who is not enrolled (409) and of ids from elsewhere (404), writing nothing', async () => {
    const outsider = students[99]!;
    const notEnrolled = await progress(outsider, { lesson_id: lessonIds[0], status: 'completed' });
    expect(notEnrolled.status).toBe(409);
    expect(notEnrolled.body.error.code).toBe('not_enrolled');
    expect((await attempt(outsider, [])).body.error.code).toBe('not_enrolled');
    const other = await t.newKey();
    const foreignStudent = (await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'x@example.com', name: 'X' }, key: other.key })).body.data.id;
    expect((await progress(foreignStudent, { lesson_id: lessonIds[0], status: 'completed' })).status).toBe(404);
    const foreignLesson = await t.request({ method: 'POST', url: `/api/v1/students/${students[3]}/progress`, body: { lesson_id: lessonIds[0], status: 'completed' }, key: other.key });
    expect(foreignLesson.status).toBe(404);
    const foreignRead = await t.request({ url: `/api/v1/students/${students[0]}/progress`, key: other.key });
    expect(foreignRead.status).toBe(404);
    const foreignAttempt = await t.request({ method: 'POST', url: `/api/v1/lessons/${quizLesson.id}/quiz-attempts`, body: { student_id: students[3], answers: [] }, key: other.key });
    expect(foreignAttempt.status).toBe(404);
    const rows = await t.ctx.db.selectFrom('lesson_progress').select('student_id').where('student_id', 'in', [outsider, students[3]!]).execute();
    expect(rows).toEqual([]);
  });

  it('refuses answers to questions the quiz does not have, or of the wrong form, storing no attempt', async () => {
    const [q1] = quizLesson.quiz.questions.map((q) => q.id);
    for (const answers of [[{ question_id: 'qst_unknown', answer: 1 }], [{ question_id: q1, answer: 'one' }], [{ question_id: q1, answer: 1 }, { question_id: q1, answer: 1 }]]) {
      const response = await attempt(students[3]!, answers);
      expect(response.status, show(response)).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
    }
    const notAQuiz = await t.request({ method: 'POST', url: `/api/v1/lessons/${lessonIds[0]}/quiz-attempts`, body: { student_id: students[3], answers: [] } });
    expect(notAQuiz.status).toBe(400);
    const attempts = await t.ctx.db.selectFrom('quiz_attempts').select('id').where('student_id', '=', students[3]!).execute();
    expect(attempts).toEqual([]);
    expect((await progress(students[3]!, { lesson_id: lessonIds[0], status: 'finished' })).status).toBe(400);
  });

  it('erasing a student leaves no progress, attempt or enrollment behind and keeps the count exact', async () => {
    const s = students[1]!;
    expect((await t.request({ method: 'DELETE', url: `/api/v1/students/${s}` })).status).toBe(200);
    for (const table of ['lesson_progress', 'quiz_attempts', 'enrollments'] as const) {
      const left = await t.ctx.db.selectFrom(table).select('student_id').where('student_id', '=', s).execute();
      expect(left, table).toEqual([]);
    }
    expect((await t.request({ url: `/api/v1/courses/${courseId}` })).body.data.enrollment_count).toBe(98);
  });
});
