import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyPendingSearch, SEARCH_APPLY_BATCH } from '../../src/db/full-text.js';
import { newId } from '../../src/shared/ids.js';
import { setupApp, show, type TestApp } from '../harness.js';

/**
 * SQLite applies search changes in batches (migration 2026-11-22T15-00-00_search-pending): a write
 * only records its document in search_pending; a search, or the server once a second, applies them.
 */
describe('search changes applied in batches [sqlite]', () => {
  let t: TestApp;
  /** The same, with the background work of a server (WORKER=on). */
  let worker: TestApp;
  beforeAll(async () => {
    // No background work here, so that nothing applies the changes between two steps of a test.
    t = await setupApp('sqlite', { config: { worker: false } });
    worker = await setupApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
    await worker.close();
  });

  const post = async (url: string, body: Record<string, unknown>) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body });
    expect(response.status, show(response)).toBe(201);
    return response.body.data as { id: string };
  };
  const found = async (kind: 'courses' | 'lessons', q: string) => {
    const response = await t.request({ url: `/api/v1/search/${kind}?q=${encodeURIComponent(q)}` });
    expect(response.status, show(response)).toBe(200);
    return response.body.data.map((item: { id: string }) => item.id) as string[];
  };
  const pending = async () =>
    (await sql<{ source: string; doc: number; indexed: number }>`select source, doc, indexed from search_pending order by source, doc`.execute(t.database)).rows;
  const indexedCourses = async (word: string) =>
    (await sql<{ rowid: number }>`select rowid from course_search where course_search match ${`"${word}"`}`.execute(t.database)).rows.length;
  const docOf = async (id: string) =>
    (await sql<{ doc: number }>`select doc from search_documents where id = ${id}`.execute(t.database)).rows[0]?.doc;

  it('records a write without touching the index; the next search applies it and finds it', async () => {
    await found('courses', 'anything'); // starts from an applied state
    const course = await post('/courses', { title: 'Xylophone basics' });
    expect(await pending()).toEqual([{ source: 'courses', doc: await docOf(course.id), indexed: 0 }]);
    expect(await indexedCourses('xylophone')).toBe(0);
    expect(await found('courses', 'xylophone')).toEqual([course.id]);
    expect(await pending()).toEqual([]);
    expect(await indexedCourses('xylophone')).toBe(1);
  });

  it('applies a document number that a deleted course freed and a lesson took to the lesson only', async () => {
    const course = await post('/courses', { title: 'Holder course' });
    const module = await post(`/courses/${course.id}/modules`, { title: 'Module one' });
    const doomed = await post('/courses', { title: 'Quetzal studies' });
    expect(await found('courses', 'quetzal')).toEqual([doomed.id]);
    const freed = await docOf(doomed.id);
    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/courses/${doomed.id}` });
    expect(deleted.status, show(deleted)).toBe(200);
    const lesson = await post(`/modules/${module.id}/lessons`, { title: 'Quetzal feathers', type: 'text', content: 'Zebrafish too.' });
    // SQLite gives the freed largest number to the next document.
    expect(await docOf(lesson.id)).toBe(freed);
    expect(await pending()).toEqual([
      { source: 'courses', doc: freed, indexed: 1 },
      { source: 'lessons', doc: freed, indexed: 0 },
    ]);
    expect(await found('courses', 'quetzal')).toEqual([]);
    expect(await found('lessons', 'quetzal feathers')).toEqual([lesson.id]);
    expect(await found('lessons', 'zebrafish')).toEqual([lesson.id]);
  });

  it('applies a create, then a rename of the same course, as its last state', async () => {
    const course = await post('/courses', { title: 'Ocarina one' });
    const renamed = await t.request({ method: 'PATCH', url: `/api/v1/courses/${course.id}`, body: { title: 'Bagpipe one' } });
    expect(renamed.status, show(renamed)).toBe(200);
    expect(await found('courses', 'ocarina')).toEqual([]);
    expect(await found('courses', 'bagpipe')).toEqual([course.id]);
    const again = await t.request({ method: 'PATCH', url: `/api/v1/courses/${course.id}`, body: { title: 'Theremin one' } });
    expect(again.status, show(again)).toBe(200);
    expect(await pending()).toEqual([{ source: 'courses', doc: await docOf(course.id), indexed: 1 }]);
    expect(await found('courses', 'bagpipe')).toEqual([]);
    expect(await found('courses', 'theremin')).toEqual([course.id]);
  });

  it('records the writes of an upsert (INSERT … ON CONFLICT) whose documents are already pending', async () => {
    // Inside a trigger, an upsert's conflict policy used to replace the trigger's OR IGNORE: a pending document failed the upsert.
    const course = await post('/courses', { title: 'Sitar one' });
    const workspaceId = (await t.database.selectFrom('courses').select('workspace_id').where('id', '=', course.id).executeTakeFirstOrThrow()).workspace_id;
    const now = new Date().toISOString();
    const upsert = (id: string, title: string) => sql`
      insert into courses (id, workspace_id, title, description, published, enrollment_count, metadata, version, created_at, updated_at)
      values (${id}, ${workspaceId}, ${title}, '', 0, 0, '{}', 1, ${now}, ${now})
      on conflict (id) do update set title = excluded.title
    `;
    // Each document is pending when the next upsert changes it: the course since its POST, the new one since the first upsert.
    const other = newId('crs');
    for (const [title, otherTitle] of [['Tabla one', 'Sarangi one'], ['Tanpura one', 'Santoor one']] as const) {
      await upsert(course.id, title).execute(t.database);
      await upsert(other, otherTitle).execute(t.database);
    }
    expect(await found('courses', 'tanpura')).toEqual([course.id]);
    expect(await found('courses', 'santoor')).toEqual([other]);
    expect(await found('courses', 'sarangi')).toEqual([]);
  });

  it('works through a backlog of more than a batch (a bulk load) a batch at a time, serving in between, all of it found', async () => {
    const seed = await post('/courses', { title: 'Backlog seed' });
    await found('courses', 'anything');
    const { workspace_id } = (await sql<{ workspace_id: string }>`select workspace_id from courses where id = ${seed.id}`.execute(t.database)).rows[0]!;
    const count = 2 * SEARCH_APPLY_BATCH + 17;
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `crs_backlog${String(i).padStart(19, '0')}`, workspace_id, title: `Marimba ${i}`, description: 'loaded in bulk', published: 0,
      enrollment_count: 0, metadata: '{}', version: 1, created_at: now, updated_at: now,
    }));
    for (let i = 0; i < count; i += 500) await t.database.insertInto('courses').values(rows.slice(i, i + 500)).execute();
    // One deleted and one renamed inside the backlog: applied as their last state.
    await t.database.deleteFrom('courses').where('id', '=', rows[5]!.id).execute();
    await t.database.updateTable('courses').set({ title: 'Vibraphone 7' }).where('id', '=', rows[7]!.id).execute();
    expect((await pending()).length).toBe(count);

    // Other work runs between the batches: the event loop turns while the backlog is applied.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const applied = await applyPendingSearch(t.database);
    ticking = false;
    expect(applied).toBe(count);
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(await pending()).toEqual([]);

    const marimba = await t.request({ url: '/api/v1/search/courses?q=marimba&per_page=1' });
    expect(marimba.body.pagination.total).toBe(count - 2);
    expect(await found('courses', 'vibraphone')).toEqual([rows[7]!.id]);
  });

  it('is applied by a server within about a second without any search', async () => {
    const response = await worker.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'Kalimba daily' } });
    expect(response.status, show(response)).toBe(201);
    const rows = async () => (await sql`select rowid from course_search where course_search match 'kalimba'`.execute(worker.database)).rows;
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1), { timeout: 5_000, interval: 100 });
    expect((await sql`select * from search_pending`.execute(worker.database)).rows).toEqual([]);
  });
});
