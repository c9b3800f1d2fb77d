import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('modules [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const add = (courseId: string, body: Record<string, unknown>, key?: string) =>
    t.request({ method: 'POST', url: `/api/v1/courses/${courseId}/modules`, body, ...(key ? { key } : {}) });
  const titlesOf = async (courseId: string) => {
    const list = await t.request({ url: `/api/v1/courses/${courseId}/modules?per_page=100` });
    expect(list.status, show(list)).toBe(200);
    const modules = list.body.data as { title: string; position: number }[];
    expect(modules.map((m) => m.position)).toEqual(modules.map((_, i) => i));
    return modules.map((m) => m.title);
  };

  it('appends by default and inserts at a position, shifting the others', async () => {
    const course = await createCourse(t);
    const a = await add(course.id, { title: 'A' });
    expect(a.status, show(a)).toBe(201);
    expect(a.body.data).toMatchObject({ course_id: course.id, title: 'A', description: '', position: 0 });
    await add(course.id, { title: 'C' });
    const b = await add(course.id, { title: 'B', position: 1 });
    expect(b.body.data.position).toBe(1);
    await add(course.id, { title: 'Start', position: 0 });
    expect(await titlesOf(course.id)).toEqual(['Start', 'A', 'B', 'C']);
  });

  it('moves a module up and down and keeps positions dense; deleting closes the gap', async () => {
    const course = await createCourse(t);
    const ids: string[] = [];
    for (const title of ['M0', 'M1', 'M2', 'M3']) ids.push((await add(course.id, { title })).body.data.id);
    const down = await t.request({ method: 'PATCH', url: `/api/v1/modules/${ids[0]}`, body: { position: 2 } });
    expect(down.status, show(down)).toBe(200);
    expect(down.body.data.position).toBe(2);
    expect(await titlesOf(course.id)).toEqual(['M1', 'M2', 'M0', 'M3']);
    await t.request({ method: 'PUT', url: `/api/v1/modules/${ids[3]}`, body: { position: 0, title: 'Last first' } });
    expect(await titlesOf(course.id)).toEqual(['Last first', 'M1', 'M2', 'M0']);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/modules/${ids[1]}` })).body).toEqual({ data: { id: ids[1], deleted: true } });
    expect(await titlesOf(course.id)).toEqual(['Last first', 'M2', 'M0']);
    expect((await t.request({ url: `/api/v1/modules/${ids[1]}` })).status).toBe(404);
  });

  it('refuses positions out of range and changes nothing', async () => {
    const course = await createCourse(t);
    const first = (await add(course.id, { title: 'Only' })).body.data;
    for (const [request, path] of [
      [add(course.id, { title: 'Far', position: 2 }), '/position'],
      [add(course.id, { title: 'Negative', position: -1 }), '/position'],
      [t.request({ method: 'PATCH', url: `/api/v1/modules/${first.id}`, body: { position: 1 } }), '/position'],
    ] as const) {
      const response = await request;
      expect(response.status, show(response)).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(response.body.error.details.errors[0].path).toBe(path);
    }
    expect(await titlesOf(course.id)).toEqual(['Only']);
  });

  it("bumps the course's updated_at and ETag on every module change, and marks shifted siblings as updated", async () => {
    const course = await createCourse(t);
    const before = await t.request({ url: `/api/v1/courses/${course.id}` });
    t.clock.advance(1000);
    const m = (await add(course.id, { title: 'X' })).body.data;
    const after = await t.request({ url: `/api/v1/courses/${course.id}` });
    expect(after.body.data.updated_at).toBe(new Date(t.clock.now()).toISOString());
    expect(after.headers.etag).not.toBe(before.headers.etag);
    t.clock.advance(1000);
    const since = new Date(t.clock.now()).toISOString();
    await add(course.id, { title: 'Y', position: 0 });
    const changed = await t.request({ url: `/api/v1/courses/${course.id}/modules?updated_since=${since}` });
    expect(changed.body.data.map((x: { id: string }) => x.id)).toContain(m.id);
  });

  it("answers 404 for another workspace's course or module and for modules of a missing course", async () => {
    const course = await createCourse(t);
    const m = (await add(course.id, { title: 'Mine' })).body.data;
    const other = await t.newKey();
    expect((await add(course.id, { title: 'Intrusion' }, other.key)).status).toBe(404);
    expect((await t.request({ url: `/api/v1/courses/${course.id}/modules`, key: other.key })).status).toBe(404);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await t.request({ method, url: `/api/v1/modules/${m.id}`, key: other.key, ...(method === 'PATCH' ? { body: { title: 'x' } } : {}) });
      expect(response.status).toBe(404);
    }
    expect(await titlesOf(course.id)).toEqual(['Mine']);
    expect((await t.request({ url: '/api/v1/courses/crs_00000000000000000000000000/modules' })).status).toBe(404);
  });

  it('validates bodies: wrong types and unknown fields', async () => {
    const course = await createCourse(t);
    for (const body of [{}, { title: '' }, { title: 'x', position: '1' }, { title: 'x', course_id: course.id }]) {
      expect((await add(course.id, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
