import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('students [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, key?: string) =>
    t.request({ method: 'POST', url: '/api/v1/students', body, ...(key ? { key } : {}) });

  it('creates a student with defaults and reads it back', async () => {
    const created = await create({ email: 'Ada.Lovelace@Example.com', name: 'Ada Lovelace' });
    expect(created.status, show(created)).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^stu_[0-9a-z]{26}$/),
      email: 'Ada.Lovelace@Example.com',
      name: 'Ada Lovelace',
      external_id: null,
      status: 'active',
      metadata: {},
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
    });
    const read = await t.request({ url: `/api/v1/students/${created.body.data.id}` });
    expect(read.body.data).toEqual(created.body.data);
    expect(read.headers.etag).toBe(created.headers.etag);
  });

  it('refuses a second student with the same email in any case: 409 student_exists naming the holder', async () => {
    const first = (await create({ email: 'grace@example.com', name: 'Grace' })).body.data;
    for (const email of ['grace@example.com', 'GRACE@Example.COM']) {
      const again = await create({ email, name: 'Other Grace' });
      expect(again.status, show(again)).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'student_exists', details: { student_id: first.id, field: 'email' } });
    }
    const list = await t.request({ url: '/api/v1/students?email=GRACE@EXAMPLE.COM' });
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([first.id]);
  });

  it('keeps external_id unique when set, and allows any number of students without one', async () => {
    const first = (await create({ email: 'ext1@example.com', name: 'One', external_id: 'sis-001' })).body.data;
    const clash = await create({ email: 'ext2@example.com', name: 'Two', external_id: 'sis-001' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.details).toEqual({ student_id: first.id, field: 'external_id' });
    expect((await create({ email: 'noext1@example.com', name: 'No ext' })).status).toBe(201);
    expect((await create({ email: 'noext2@example.com', name: 'No ext either' })).status).toBe(201);
    const byExternal = await t.request({ url: '/api/v1/students?external_id=sis-001' });
    expect(byExternal.body.data.map((s: { id: string }) => s.id)).toEqual([first.id]);
  });

  it('lets another workspace use the same email', async () => {
    await create({ email: 'shared@example.com', name: 'Here' });
    const other = await t.newKey();
    const there = await create({ email: 'shared@example.com', name: 'There' }, other.key);
    expect(there.status).toBe(201);
  });

  it('updates the fields given; a case change of its own email is fine, taking another student\'s is 409', async () => {
    const a = (await create({ email: 'alan@example.com', name: 'Alan', external_id: 'a-1', metadata: { cohort: '2026' } })).body.data;
    await create({ email: 'turing@example.com', name: 'Turing' });
    t.clock.advance(1000);
    const renamed = await t.request({ method: 'PUT', url: `/api/v1/students/${a.id}`, body: { name: 'Alan T.', email: 'ALAN@example.com' } });
    expect(renamed.status, show(renamed)).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Alan T.', email: 'ALAN@example.com', external_id: 'a-1', metadata: { cohort: '2026' } });
    expect(renamed.body.data.updated_at).toBe('2026-11-21T12:00:01.000Z');
    const taken = await t.request({ method: 'PATCH', url: `/api/v1/students/${a.id}`, body: { email: 'Turing@example.com' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.details.field).toBe('email');
    const cleared = await t.request({ method: 'PATCH', url: `/api/v1/students/${a.id}`, body: { external_id: null } });
    expect(cleared.body.data.external_id).toBeNull();
    const read = await t.request({ url: `/api/v1/students/${a.id}` });
    expect(read.body.data).toMatchObject({ email: 'ALAN@example.com', external_id: null });
  });

  it('answers 412 to an update whose If-Match is stale', async () => {
    const s = (await create({ email: 'etag@example.com', name: 'E' })).body;
    const etag = String((await t.request({ url: `/api/v1/students/${s.data.id}` })).headers.etag);
    expect((await t.request({ method: 'PUT', url: `/api/v1/students/${s.data.id}`, body: { name: 'F' }, headers: { 'if-match': etag } })).status).toBe(200);
    const stale = await t.request({ method: 'PUT', url: `/api/v1/students/${s.data.id}`, body: { name: 'G' }, headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
  });

  it('validates input: email format, required name, unknown and read-only fields, wrong types', async () => {
    const cases: Record<string, unknown>[] = [
      { email: 'not-an-email', name: 'X' },
      { email: 'x@example.com' },
      { email: 'x@example.com', name: '  ' },
      { email: 'x@example.com', name: 'X', id: 'stu_1' },
      { email: 'x@example.com', name: 'X', created_at: '2026-01-01T00:00:00.000Z' },
      { email: 'x@example.com', name: 'X', role: 'admin' },
      { email: 'x@example.com', name: 7 },
      { email: 'x@example.com', name: 'X', external_id: '' },
    ];
    for (const body of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
    }
    const list = await t.request({ url: '/api/v1/students?email=x@example.com' });
    expect(list.body.data).toEqual([]);
  });

  it('deletes a student; the email is free again afterwards', async () => {
    const s = (await create({ email: 'gone@example.com', name: 'Gone' })).body.data;
    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/students/${s.id}` });
    expect(deleted.body).toEqual({ data: { id: s.id, deleted: true } });
    expect((await t.request({ url: `/api/v1/students/${s.id}` })).status).toBe(404);
    expect((await create({ email: 'GONE@example.com', name: 'Back' })).status).toBe(201);
  });

  it("answers 404 for another workspace's student on every route and leaves it untouched", async () => {
    const mine = (await create({ email: 'private@example.com', name: 'Private' })).body.data;
    const other = await t.newKey();
    for (const attempt of [
      { method: 'GET' as const, url: `/api/v1/students/${mine.id}` },
      { method: 'PUT' as const, url: `/api/v1/students/${mine.id}`, body: { name: 'Stolen' } },
      { method: 'PATCH' as const, url: `/api/v1/students/${mine.id}`, body: { name: 'Stolen' } },
      { method: 'DELETE' as const, url: `/api/v1/students/${mine.id}` },
    ]) {
      const response = await t.request({ ...attempt, key: other.key });
      expect(response.status, `${attempt.method} ${show(response)}`).toBe(404);
      expect(response.body.error.message).toBe(`Student ${mine.id} not found`);
    }
    expect((await t.request({ url: `/api/v1/students/${mine.id}` })).body.data).toEqual(mine);
    expect((await t.request({ url: '/api/v1/students?email=private@example.com', key: other.key })).body.data).toEqual([]);
  });

  it('requires the students scopes', async () => {
    const reader = await t.newKey({ accountId: t.accountId, scopes: ['students:read'] });
    expect((await t.request({ url: '/api/v1/students', key: reader.key })).status).toBe(200);
    const write = await create({ email: 'scoped@example.com', name: 'S' }, reader.key);
    expect(write.status).toBe(403);
    expect(write.body.error.details.required_scope).toBe('students:write');
    const coursesOnly = await t.newKey({ accountId: t.accountId, scopes: ['courses:write'] });
    expect((await t.request({ url: '/api/v1/students', key: coursesOnly.key })).status).toBe(403);
  });

  it('lists in every sort order and walks a cursor over all students exactly once', async () => {
    const { key } = await t.newKey();
    const names = ['mia', 'Zoe', 'adam', 'Bea', 'carl', 'Dan', 'eve'];
    for (const [i, name] of names.entries()) {
      t.clock.advance(5);
      await create({ email: `${name}${i}@example.com`, name }, key);
    }
    const byName = await t.request({ url: '/api/v1/students?sort=name&per_page=100', key });
    expect(byName.body.data.map((s: { name: string }) => s.name)).toEqual([...names].sort());
    const byEmailDesc = await t.request({ url: '/api/v1/students?sort=-email&per_page=100', key });
    expect(byEmailDesc.body.data.map((s: { email: string }) => s.email)).toEqual(names.map((n, i) => `${n}${i}@example.com`).sort().reverse());
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await t.request({ url: `/api/v1/students?per_page=3&cursor=${cursor}`, key });
      expect(page.status, show(page)).toBe(200);
      seen.push(...page.body.data.map((s: { name: string }) => s.name));
      cursor = page.body.pagination.next_cursor ?? '';
    } while (cursor);
    expect(seen).toEqual(names);
    const foreignCursor = await t.request({ url: `/api/v1/courses?cursor=${(await t.request({ url: '/api/v1/students?per_page=1&cursor=', key })).body.pagination.next_cursor}`, key });
    expect(foreignCursor.status).toBe(400);
  });
});
