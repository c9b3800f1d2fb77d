import fastJsonStringify from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Course, CourseListResponse } from '../../src/modules/courses/courses.schemas.js';
import { sharedSchemas } from '../../src/shared/schemas.js';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('list pagination [%s]', (dialect) => {
  let t: TestApp;
  let key: string;
  const titles: string[] = [];
  beforeAll(async () => {
    t = await setupApp(dialect);
    key = (await t.newKey()).key;
    for (let i = 0; i < 45; i++) {
      const title = `Course ${String.fromCharCode(97 + ((i * 7) % 26))}${i}`;
      titles.push(title);
      await createCourse(t, { title, published: i % 3 === 0 }, key);
      t.clock.advance(10);
    }
  });
  afterAll(() => t.close());

  const list = (query: string, k = key) => t.request({ url: `/api/v1/courses${query}`, key: k });

  it('pages with page and per_page, defaulting to 20, with totals and a next_cursor', async () => {
    const first = await list('');
    expect(first.status, show(first)).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toMatchObject({ page: 1, per_page: 20, total: 45, total_pages: 3 });
    expect(first.body.pagination.next_cursor).toEqual(expect.any(String));
    const third = await list('?page=3&per_page=20');
    expect(third.body.data).toHaveLength(5);
    expect(third.body.pagination).toMatchObject({ page: 3, total: 45, total_pages: 3, next_cursor: null });
    const all = [...first.body.data, ...(await list('?page=2')).body.data, ...third.body.data].map((c: { title: string }) => c.title);
    expect(all).toEqual(titles);
  });

  it('answers a page past the end with an empty page and the real totals', async () => {
    const response = await list('?page=99&per_page=10');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.pagination).toMatchObject({ page: 99, per_page: 10, total: 45, total_pages: 5, next_cursor: null });
  });

  it('refuses per_page 0, 101 and non-integers with 400 validation_error (no silent clamp)', async () => {
    for (const query of ['?per_page=0', '?per_page=101', '?per_page=abc', '?per_page=1.5', '?page=0', '?page=-1']) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(response.body.error.details.errors[0].path).toMatch(/^\/query\/(per_page|page)$/);
    }
    expect((await list('?per_page=100')).body.data).toHaveLength(45);
    expect((await list('?per_page=1')).body.data).toHaveLength(1);
  });

  it('sets GitHub-style Link headers', async () => {
    const response = await list('?page=2&per_page=10&published=false');
    const link = String(response.headers.link);
    expect(link).toContain('page=3&per_page=10>; rel="next"');
    expect(link).toContain('page=1&per_page=10>; rel="prev"');
    expect(link).toContain('rel="first"');
    expect(link).toContain('page=3&per_page=10>; rel="last"');
    expect(link).toContain('published=false');
    const cursorPage = await list('?cursor=&per_page=10');
    expect(String(cursorPage.headers.link)).toContain(`cursor=${cursorPage.body.pagination.next_cursor}`);
  });

  it('walks every row exactly once in cursor mode while rows are inserted, ending with has_more false', async () => {
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    const inserted: string[] = [];
    for (;;) {
      const response = await list(`?cursor=${encodeURIComponent(cursor)}&per_page=10`);
      expect(response.status, show(response)).toBe(200);
      expect(response.body.pagination).not.toHaveProperty('total');
      expect(Object.keys(response.body.pagination).sort()).toEqual(['has_more', 'next_cursor', 'per_page']);
      seen.push(...response.body.data.map((c: { id: string }) => c.id));
      pages++;
      if (pages === 2) {
        for (let i = 0; i < 3; i++) {
          t.clock.advance(10);
          inserted.push((await createCourse(t, { title: `Late ${i}` }, key)).id);
        }
      }
      if (!response.body.pagination.has_more) {
        expect(response.body.pagination.next_cursor).toBeNull();
        break;
      }
      cursor = response.body.pagination.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(48);
    for (const id of inserted) expect(seen).toContain(id);
    await Promise.all(inserted.map((id) => t.request({ method: 'DELETE', url: `/api/v1/courses/${id}`, key })));
  });

  it('refuses malformed, foreign and mismatched cursors with 400 invalid_parameter', async () => {
    const first = await list('?cursor=&per_page=5');
    const cursor = first.body.pagination.next_cursor as string;
    const other = await t.newKey();
    const cases = [
      list('?cursor=not-a-cursor'),
      list(`?cursor=${Buffer.from('{"l":"courses"}').toString('base64url')}`),
      list(`?cursor=${cursor}`, other.key),
      list(`?cursor=${cursor}&sort=title`),
      list(`?cursor=${cursor}&page=2`),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.status, show(response)).toBe(400);
      expect(response.body.error.code).toBe('invalid_parameter');
    }
  });

  it('sorts by title, by -created_at, and refuses an unknown sort', async () => {
    const byTitle = await list('?sort=title&per_page=100');
    expect(byTitle.body.data.map((c: { title: string }) => c.title)).toEqual([...titles].sort());
    const newest = await list('?sort=-created_at&per_page=100');
    expect(newest.body.data.map((c: { title: string }) => c.title)).toEqual([...titles].reverse());
    const walk: string[] = [];
    let cursor = '';
    do {
      const page = await list(`?sort=-title&per_page=7&cursor=${cursor}`);
      walk.push(...page.body.data.map((c: { title: string }) => c.title));
      cursor = page.body.pagination.next_cursor ?? '';
    } while (cursor);
    expect(walk).toEqual([...titles].sort().reverse());
    const bogus = await list('?sort=price');
    expect(bogus.status).toBe(400);
    expect(bogus.body.error.code).toBe('validation_error');
  });

  it('filters with updated_since and published', async () => {
    const cutoff = new Date(Date.UTC(2026, 10, 21, 12, 0, 0) + 400).toISOString();
    const recent = await list(`?updated_since=${cutoff}&per_page=100`);
    expect(recent.body.data.map((c: { title: string }) => c.title)).toEqual(titles.slice(40));
    const bad = await list('?updated_since=yesterday');
    expect(bad.status).toBe(400);
    const published = await list('?published=true&per_page=100');
    expect(published.body.pagination.total).toBe(15);
    expect(published.body.data.every((c: { published: boolean }) => c.published)).toBe(true);
  });
  // The list's query is a statement prepared once per shape (src/db/keyset.ts, preparedPage): each
  // request of a shape must be answered with its own values, never those of the request that built it.
  it('answers each request of one list shape with its own filters, page and workspace', async () => {
    const published = await list('?published=true&per_page=100');
    const unpublished = await list('?published=false&per_page=100');
    expect(published.body.data.map((c: { title: string }) => c.title)).toEqual(titles.filter((_, i) => i % 3 === 0));
    expect(unpublished.body.data.map((c: { title: string }) => c.title)).toEqual(titles.filter((_, i) => i % 3 !== 0));
    expect(unpublished.body.pagination.total).toBe(30);
    const [first, second] = await Promise.all([list('?sort=-created_at&per_page=5&page=1'), list('?sort=-created_at&per_page=5&page=2')]);
    expect(first.body.data.map((c: { title: string }) => c.title)).toEqual([...titles].reverse().slice(0, 5));
    expect(second.body.data.map((c: { title: string }) => c.title)).toEqual([...titles].reverse().slice(5, 10));
    const late = new Date(Date.UTC(2026, 10, 21, 12, 0, 0) + 430).toISOString();
    expect((await list(`?updated_since=${late}&per_page=100`)).body.data.map((c: { title: string }) => c.title)).toEqual(titles.slice(43));
    // Deep in page mode (an OFFSET past 1,000 rows: a statement of its own, on the pool on PostgreSQL).
    const deep = await list('?sort=-created_at&per_page=10&page=150');
    expect(deep.body.data, show(deep)).toEqual([]);
    expect(deep.body.pagination).toMatchObject({ page: 150, total: 45, total_pages: 5 });
    const other = await t.newKey();
    const theirs = await createCourse(t, { title: 'Their course' }, other.key);
    const listed = await list('?sort=-created_at&per_page=5&page=1', other.key);
    expect(listed.body.data.map((c: { id: string }) => c.id), show(listed)).toEqual([theirs.id]);
    expect(listed.body.pagination.total).toBe(1);
  });
  // The course list is written by JSON.stringify (pageReply's `plain`): byte for byte what its
  // response schema's serializer writes, so no field the schema does not name gets out.
  it('writes the course list as the schema serializer would, in page and cursor mode', async () => {
    const other = await t.newKey();
    await createCourse(t, { title: 'Quotes " and \\ and \u00e9 \u2028', external_id: 'ext "1"', metadata: { level: 'a "b"', 'k\u00e9': '' } }, other.key);
    t.clock.advance(10);
    await createCourse(t, { title: 'Plain' }, other.key);
    const schemas = Object.fromEntries([...sharedSchemas, Course].map((schema) => [(schema as { $id: string }).$id, schema]));
    const serialize = fastJsonStringify(CourseListResponse, { schema: schemas as never });
    for (const query of ['?per_page=1', '?per_page=100&sort=-created_at', '?cursor=&per_page=1']) {
      const response = await list(query, other.key);
      expect(response.status, show(response)).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.text).toBe(serialize(JSON.parse(response.text)));
    }
    const full = await list('?per_page=100', other.key);
    expect(full.body.data.map((c: { external_id: string | null }) => c.external_id)).toEqual(['ext "1"', null]);
  });
});
