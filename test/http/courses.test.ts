import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('courses [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  it('creates a course with defaults and reads it back', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'Algebra I', metadata: { level: 'beginner' } } });
    expect(created.status, show(created)).toBe(201);
    const course = created.body.data;
    expect(course).toEqual({
      id: expect.stringMatching(/^crs_[0-9a-z]{26}$/),
      title: 'Algebra I',
      description: '',
      published: false,
      enrollment_count: 0,
      external_id: null,
      metadata: { level: 'beginner' },
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
    });
    expect(created.headers.etag).toMatch(/^".+"$/);
    const read = await t.request({ url: `/api/v1/courses/${course.id}` });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(course);
    expect(read.headers.etag).toBe(created.headers.etag);
  });

  it('updates only the fields given (PUT and its PATCH alias) and moves updated_at', async () => {
    const course = await createCourse(t, { title: 'Geometry', description: 'Shapes', metadata: { a: '1' } });
    t.clock.advance(1000);
    const put = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}`, body: { title: 'Geometry II' } });
    expect(put.status, show(put)).toBe(200);
    expect(put.body.data).toMatchObject({ title: 'Geometry II', description: 'Shapes', metadata: { a: '1' }, published: false });
    expect(put.body.data.updated_at).toBe('2026-11-21T12:00:01.000Z');
    expect(put.body.data.created_at).toBe(course.created_at);
    const patch = await t.request({ method: 'PATCH', url: `/api/v1/courses/${course.id}`, body: { description: 'Angles' } });
    expect(patch.body.data).toMatchObject({ title: 'Geometry II', description: 'Angles' });
    const read = await t.request({ url: `/api/v1/courses/${course.id}` });
    expect(read.body.data).toEqual(patch.body.data);
  });

  it('refuses read-only fields in an update and changes nothing', async () => {
    const course = await createCourse(t, { title: 'Read-only' });
    for (const body of [{ enrollment_count: 5 }, { id: 'crs_other' }, { created_at: '2020-01-01T00:00:00.000Z' }, { updated_at: '2020-01-01T00:00:00.000Z' }]) {
      const response = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}`, body });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
    }
    const read = await t.request({ url: `/api/v1/courses/${course.id}` });
    expect(read.body.data).toEqual(course);
  });

  it('validates bounds: title 1..200 and not blank, description up to 20,000, metadata up to 50 pairs', async () => {
    const cases = [{ title: '' }, { title: '   ' }, { title: 'x'.repeat(201) }, { title: 'ok', description: 'd'.repeat(20_001) }, { title: 'ok', metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }];
    for (const body of cases) {
      const response = await t.request({ method: 'POST', url: '/api/v1/courses', body });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const edge = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'x'.repeat(200), description: 'd'.repeat(20_000) } });
    expect(edge.status).toBe(201);
  });

  it('publishes and unpublishes with the action endpoints, with or without a JSON content type', async () => {
    const course = await createCourse(t);
    const publish = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/publish` });
    expect(publish.status, show(publish)).toBe(200);
    expect(publish.body.data.published).toBe(true);
    const unpublish = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/unpublish`, payload: '', headers: { 'content-type': 'application/json' } });
    expect(unpublish.status, show(unpublish)).toBe(200);
    expect(unpublish.body.data.published).toBe(false);
    const viaPut = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}`, body: { published: true } });
    expect(viaPut.body.data.published).toBe(true);
  });

  it('deletes a course: 200 {id, deleted}, then 404', async () => {
    const course = await createCourse(t);
    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}` });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { id: course.id, deleted: true } });
    expect((await t.request({ url: `/api/v1/courses/${course.id}` })).status).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}` })).status).toBe(404);
  });

  it('refuses to delete a course with enrollments unless force=true', async () => {
    const course = await createCourse(t);
    await t.ctx.db.updateTable('courses').set({ enrollment_count: 2 }).where('id', '=', course.id).execute();
    const refused = await t.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'course_has_enrollments', details: { enrollment_count: 2 } });
    const forced = await t.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}?force=true` });
    expect(forced.status, show(forced)).toBe(200);
  });

  it("answers 404 for another workspace's course on GET, PUT, PATCH, DELETE and actions, and leaves it untouched", async () => {
    const mine = await createCourse(t, { title: 'Mine' });
    const other = await t.newKey();
    const attempts = [
      { method: 'GET' as const, url: `/api/v1/courses/${mine.id}` },
      { method: 'PUT' as const, url: `/api/v1/courses/${mine.id}`, body: { title: 'Stolen' } },
      { method: 'PATCH' as const, url: `/api/v1/courses/${mine.id}`, body: { title: 'Stolen' } },
      { method: 'DELETE' as const, url: `/api/v1/courses/${mine.id}?force=true` },
      { method: 'POST' as const, url: `/api/v1/courses/${mine.id}/publish` },
    ];
    for (const attempt of attempts) {
      const response = await t.request({ ...attempt, key: other.key });
      expect(response.status, `${attempt.method} ${show(response)}`).toBe(404);
      expect(response.body.error.code).toBe('resource_not_found');
      expect(response.body.error.message).toBe(`Course ${mine.id} not found`);
    }
    const list = await t.request({ url: '/api/v1/courses?per_page=100', key: other.key });
    expect(list.body.data).toEqual([]);
    const read = await t.request({ url: `/api/v1/courses/${mine.id}` });
    expect(read.body.data).toEqual(mine);
  });

  it('answers 404 (not 400) for a malformed id', async () => {
    const response = await t.request({ url: '/api/v1/courses/not-an-id' });
    expect(response.status).toBe(404);
  });

  describe('ETag and If-Match', () => {
    it('applies an update whose If-Match matches, and answers 412 once the course changed', async () => {
      const course = await createCourse(t, { title: 'Versioned' });
      const read = await t.request({ url: `/api/v1/courses/${course.id}` });
      const etag = String(read.headers.etag);
      const first = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}`, body: { title: 'First' }, headers: { 'if-match': etag } });
      expect(first.status, show(first)).toBe(200);
      expect(first.headers.etag).not.toBe(etag);
      const stale = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}`, body: { title: 'Second' }, headers: { 'if-match': etag } });
      expect(stale.status).toBe(412);
      expect(stale.body.error.code).toBe('precondition_failed');
      const after = await t.request({ url: `/api/v1/courses/${course.id}` });
      expect(after.body.data.title).toBe('First');
      const star = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}`, body: { title: 'Any' }, headers: { 'if-match': '*' } });
      expect(star.status).toBe(200);
    });

    it('changes the ETag when the enrollment count changes', async () => {
      const course = await createCourse(t);
      const before = await t.request({ url: `/api/v1/courses/${course.id}` });
      await t.ctx.db.updateTable('courses').set({ enrollment_count: 1 }).where('id', '=', course.id).execute();
      const after = await t.request({ url: `/api/v1/courses/${course.id}` });
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });
  });
});
