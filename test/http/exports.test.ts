import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWork } from '../../src/background.js';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import { purgeExpiredExports } from '../../src/modules/exports/exports.service.js';
import { testDialects } from '../dialects.js';
import { fixturesDir, schemaChecksRun, unzip, xmllint } from '../exports-support.js';
import { setupApp, show, type TestApp } from '../harness.js';

/** The IMS CC 1.1 schemas Moodle validates imports with (IMSCC_SCHEMAS_DIR names another place). */
const SCHEMAS = fixturesDir('imscc11', 'ccv1p1_imscp_v1p2_v1p0.xsd', process.env.IMSCC_SCHEMAS_DIR);
const MANIFEST_XSD = path.join(SCHEMAS, 'ccv1p1_imscp_v1p2_v1p0.xsd');
const QTI_XSD = path.join(SCHEMAS, 'ccv1p1_qtiasiv1p2p1_v1p0.xsd');

/** A tree as exported, without what an import renews (ids, timestamps): what must round-trip. */
function withoutIdsAndTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIdsAndTimes);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'id' || key === 'created_at' || key === 'updated_at' || key === 'exported_at') continue;
      out[key] = withoutIdsAndTimes(inner);
    }
    return out;
  }
  return value;
}

const QUIZ = {
  passing_score: 60,
  questions: [
    { id: 'capital', prompt: 'Capital of France?', kind: 'single_choice', choices: ['Lyon', 'Paris', 'Nice'], answer: 1 },
    { prompt: 'Pick the primes', kind: 'multiple_choice', choices: ['2', '4', '5', '9'], answer: [2, 0] },
    { prompt: 'The sky is green & <blue>', kind: 'true_false', answer: false },
    { prompt: 'Name the river in Paris', kind: 'short_answer', answer: ['Seine', 'la Seine'] },
  ],
};

describe.each(testDialects())('exports [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
    // The export window (10 an hour) is tested with a key of its own at the end.
    await setPlan(t.ctx, t.accountId, 'professional', { hourly_limit: 1_000_000, burst_limit: 1_000_000, export_hourly_limit: 1_000, bulk_hourly_limit: 1_000 });
  });
  afterAll(() => t.close());

  const post = async (url: string, body: unknown, key?: string) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body, ...(key ? { key } : {}) });
    expect(response.status, show(response)).toBe(201);
    return response.body.data as { id: string; [field: string]: any };
  };

  /** A course with every kind of lesson, an empty module, metadata and markdown that must not run as HTML. */
  async function buildCourse(key?: string) {
    const course = await post('/courses', { title: 'Geography & <History>', description: 'Rivers, capitals, **maps**.', metadata: { level: 'intro' } }, key);
    const first = await post(`/courses/${course.id}/modules`, { title: 'Europe', description: 'The old continent' }, key);
    const second = await post(`/courses/${course.id}/modules`, { title: 'Nothing yet' }, key);
    const third = await post(`/courses/${course.id}/modules`, { title: 'Review' }, key);
    await post(`/modules/${first.id}/lessons`, { title: 'Rivers', type: 'text', content: '# Rivers\n\nThe **Seine** <script>alert(1)</script> [map](javascript:alert(2)) [atlas](https://example.com/atlas)' }, key);
    await post(`/modules/${first.id}/lessons`, { title: 'A film', type: 'video', video_url: 'https://videos.example.com/v/1', duration_seconds: 300, content: 'Watch it.' }, key);
    // Inserted at the front: the export keeps positions, not creation order.
    await post(`/modules/${first.id}/lessons`, { title: 'Welcome', type: 'text', content: 'Hello', position: 0 }, key);
    await post(`/modules/${third.id}/lessons`, { title: 'Essay', type: 'assignment', content: 'Write 500 words.' }, key);
    await post(`/modules/${third.id}/lessons`, { title: 'Final quiz', type: 'quiz', quiz: QUIZ }, key);
    return { course, modules: [first, second, third] };
  }

  /** Asks for an export and waits for this process's job runner to finish it. */
  async function exportCourse(courseId: string, format: 'json' | 'imscc', key?: string) {
    const created = await t.request({ method: 'POST', url: `/api/v1/courses/${courseId}/export`, body: { format }, ...(key ? { key } : {}) });
    expect(created.status, show(created)).toBe(202);
    return waitForExport(created.body.data.id, key);
  }

  async function waitForExport(id: string, key?: string) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const response = await t.request({ url: `/api/v1/exports/${id}`, ...(key ? { key } : {}) });
      expect(response.status, show(response)).toBe(200);
      if (response.body.data.status === 'succeeded' || response.body.data.status === 'failed') return response.body.data;
      if (Date.now() > deadline) throw new Error(`export ${id} still ${response.body.data.status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function download(job: { download_url: string }, key?: string) {
    const response = await t.app.inject({ method: 'GET', url: job.download_url, headers: { authorization: `Bearer ${key ?? t.key}` } });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    return response;
  }

  it('exports json, imports it as a new course, and exports the same tree again', async () => {
    const { course } = await buildCourse();
    const job = await exportCourse(course.id, 'json');
    expect(job).toMatchObject({ course_id: course.id, format: 'json', status: 'succeeded', error: null, download_url: `/api/v1/exports/${job.id}/download` });

    const file = await download(job);
    expect(file.headers['content-type']).toBe('application/json');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${course.id}-${job.id}.json"`);
    expect(Number(file.headers['content-length'])).toBe(job.size_bytes);
    const document = JSON.parse(file.body);
    expect(document.course.modules.map((m: any) => m.title)).toEqual(['Europe', 'Nothing yet', 'Review']);
    expect(document.course.modules[0].lessons.map((l: any) => l.title)).toEqual(['Welcome', 'Rivers', 'A film']);
    const quiz = document.course.modules[2].lessons[1].quiz;
    expect(quiz.questions[0]).toEqual({ id: 'capital', prompt: 'Capital of France?', kind: 'single_choice', choices: ['Lyon', 'Paris', 'Nice'], answer: 1 });
    expect(quiz.questions[1].answer).toEqual([0, 2]);

    const imported = await t.request({ method: 'POST', url: '/api/v1/courses/import', body: document });
    expect(imported.status, show(imported)).toBe(201);
    const copy = imported.body.data;
    expect(copy.id).not.toBe(course.id);
    expect(copy).toMatchObject({ title: 'Geography & <History>', description: 'Rivers, capitals, **maps**.', published: false, enrollment_count: 0, metadata: { level: 'intro' } });

    const again = JSON.parse((await download(await exportCourse(copy.id, 'json'))).body);
    expect(withoutIdsAndTimes(again)).toEqual(withoutIdsAndTimes(document));
    // New ids everywhere but in the questions, whose ids a quiz keeps (attempts refer to them).
    const ids = (doc: any) => [doc.course.id, ...doc.course.modules.flatMap((m: any) => [m.id, ...m.lessons.map((l: any) => l.id)])];
    expect(ids(again).filter((id: string) => ids(document).includes(id))).toEqual([]);
    expect(again.course.modules[2].lessons[1].quiz.questions.map((q: any) => q.id)).toEqual(quiz.questions.map((q: any) => q.id));

    // The imported course is a course like any other: its lessons read back through the API.
    const modules = await t.request({ url: `/api/v1/courses/${copy.id}/modules` });
    expect(modules.body.data.map((m: any) => [m.title, m.position])).toEqual([['Europe', 0], ['Nothing yet', 1], ['Review', 2]]);
    const lessons = await t.request({ url: `/api/v1/modules/${modules.body.data[0].id}/lessons` });
    expect(lessons.body.data.map((l: any) => [l.title, l.type, l.position])).toEqual([['Welcome', 'text', 0], ['Rivers', 'text', 1], ['A film', 'video', 2]]);
    expect(lessons.body.data[2]).toMatchObject({ video_url: 'https://videos.example.com/v/1', duration_seconds: 300, course_id: copy.id });
  });

  it('exports an IMS Common Cartridge 1.1 package whose manifest validates and lists every module and lesson', async () => {
    const { course } = await buildCourse();
    const job = await exportCourse(course.id, 'imscc');
    const file = await download(job);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${course.id}-${job.id}.imscc"`);
    const entries = await unzip(file.rawPayload);
    const manifest = entries.get('imsmanifest.xml')!;
    expect(manifest).toBeDefined();

    // Every module and lesson, in order, nested as the course is (modules → lessons).
    const titles = [...manifest.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Europe', 'Welcome', 'Rivers', 'A film', 'Nothing yet', 'Review', 'Essay', 'Final quiz']);
    expect(manifest).toContain('<lomimscc:string>Geography &amp; &lt;History&gt;</lomimscc:string>');
    // The Schematron rules xmllint does not check: each resource's href is one of its files, every
    // file is in the package, and every item points at a resource that exists.
    const resources = [...manifest.matchAll(/<resource identifier="([^"]+)" type="([^"]+)"(?: href="([^"]+)")?><file href="([^"]+)"\/><\/resource>/g)];
    expect(resources).toHaveLength(5);
    for (const [, , , href, fileHref] of resources) {
      if (href !== undefined) expect(href).toBe(fileHref);
      expect(entries.has(fileHref!), fileHref).toBe(true);
    }
    const resourceIds = new Set(resources.map((r) => r[1]));
    for (const [, ref] of manifest.matchAll(/identifierref="([^"]+)"/g)) expect(resourceIds.has(ref)).toBe(true);
    expect(resources.filter((r) => r[2] === 'imsqti_xmlv1p2/imscc_xmlv1p1/assessment')).toHaveLength(1);

    // Lesson pages: markdown as HTML, raw HTML as text, script links dropped.
    const rivers = [...entries.entries()].find(([name, body]) => name.endsWith('.html') && body.includes('<title>Rivers</title>'))![1];
    expect(rivers).toContain('<strong>Seine</strong>');
    expect(rivers).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rivers).not.toContain('javascript:');
    expect(rivers).toContain('<a href="https://example.com/atlas">atlas</a>');

    const assessment = [...entries.entries()].find(([name]) => name.endsWith('assessment.xml'))![1];
    expect([...assessment.matchAll(/<fieldentry>(cc\.[a-z_]+\.v0p1)<\/fieldentry>/g)].map((m) => m[1])).toEqual([
      'cc.exam.v0p1',
      'cc.multiple_choice.v0p1',
      'cc.multiple_response.v0p1',
      'cc.true_false.v0p1',
      'cc.fib.v0p1',
    ]);
    expect(assessment).toContain('The sky is green &amp; &lt;blue&gt;');

    if (!schemaChecksRun(SCHEMAS, 'IMS CC 1.1')) return;
    expect(xmllint(MANIFEST_XSD, manifest)).toBe('');
    expect(xmllint(QTI_XSD, assessment)).toBe('');
    // The check itself bites: a manifest without its required metadata is refused.
    expect(xmllint(MANIFEST_XSD, manifest.replace(/<metadata>.*<\/metadata>/s, ''))).toMatch(/fails to validate/);
  });

  it('exports hostile text to a well-formed, schema-valid package, also text stored before control characters were refused', async () => {
    // Markup, entities, a CDATA end, quotes, emoji, RTL marks, long strings: all accepted by the API.
    const hostile = (n: number) => `<b>&amp; ]]> "q" 'a' 😀 \u200Fשלום\u202E ${n} </b>`;
    const long = (n: number) => `${hostile(n)} ${'x&<]]>'.repeat(1700)}`.slice(0, 10_000);
    const course = await post('/courses', { title: hostile(1), description: long(2), metadata: { '<k&>': ']]>' } });
    const module = await post(`/courses/${course.id}/modules`, { title: hostile(3), description: long(4) });
    const text = await post(`/modules/${module.id}/lessons`, { title: hostile(5), type: 'text', content: long(6) });
    await post(`/modules/${module.id}/lessons`, { title: hostile(7), type: 'video', video_url: "https://videos.example.com/v?a=1&b='2'", content: long(8) });
    const quiz = await post(`/modules/${module.id}/lessons`, {
      title: hostile(9),
      type: 'quiz',
      quiz: {
        passing_score: 50,
        questions: [
          { prompt: long(10).slice(0, 2000), kind: 'single_choice', choices: [hostile(11), hostile(12), ']]>'], answer: 2 },
          { prompt: hostile(13), kind: 'short_answer', answer: [hostile(14), '<&>'] },
        ],
      },
    });
    // Text no request can store any more, written as older versions (or another tool) could have.
    const controls = `ctl\u0001 x\u0008\u000b\u000c\u001f\u007f\ufffe\uffff${t.dialect === 'sqlite' ? '\u0000' : ''} end`;
    await t.ctx.db.updateTable('courses').set({ title: controls, description: controls }).where('id', '=', course.id).execute();
    await t.ctx.db.updateTable('modules').set({ title: controls }).where('id', '=', module.id).execute();
    await t.ctx.db.updateTable('lessons').set({ title: controls, content: `# ${controls}\n\n${controls}` }).where('id', '=', text.id).execute();
    const stored = await t.ctx.db.selectFrom('lessons').select('quiz').where('id', '=', quiz.id).executeTakeFirstOrThrow();
    const questions = JSON.parse(stored.quiz!);
    questions.questions[1].prompt = controls;
    questions.questions[0].choices[0] = controls;
    await t.ctx.db.updateTable('lessons').set({ quiz: JSON.stringify(questions) }).where('id', '=', quiz.id).execute();

    const job = await exportCourse(course.id, 'imscc');
    expect(job.status).toBe('succeeded');
    const entries = await unzip((await download(job)).rawPayload);
    const notXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
    for (const [name, body] of entries) expect(notXml.test(body), name).toBe(false);
    const manifest = entries.get('imsmanifest.xml')!;
    const assessment = [...entries.entries()].find(([name]) => name.endsWith('assessment.xml'))![1];
    // What XML can carry is kept: emoji, RTL marks, the text around the controls, the long strings whole.
    expect(manifest).toContain('<title>ctl x end</title>');
    expect(manifest).toContain('<lomimscc:string>ctl x end</lomimscc:string>');
    expect(manifest).toContain(`<title>&lt;b&gt;&amp;amp; ]]&gt; &quot;q&quot; &apos;a&apos; 😀 \u200Fשלום\u202E 7 &lt;/b&gt;</title>`);
    expect(manifest).not.toContain(']]>');
    expect(assessment).toContain('ctl x end');
    expect(assessment).toContain('😀 \u200Fשלום\u202E 12');
    expect(assessment).toContain(`<varequal respident="${assessment.match(/<response_str ident="([^"]+)"/)![1]}" case="No">&lt;&amp;&gt;</varequal>`);
    const page = (title: string) => [...entries.entries()].find(([name, body]) => name.endsWith('.html') && body.includes(`<title>${title}`))![1];
    expect(page('ctl x end')).toContain('ctl x end');
    const video = page('&lt;b&gt;&amp;amp; ]]&gt; &quot;q&quot; &apos;a&apos; 😀 \u200Fשלום\u202E 7');
    expect(video).toContain('href="https://videos.example.com/v?a=1&amp;b=&apos;2&apos;"');
    expect(video.length).toBeGreaterThan(10_000);

    if (!schemaChecksRun(SCHEMAS, 'IMS CC 1.1')) return;
    expect(xmllint(MANIFEST_XSD, manifest)).toBe('');
    expect(xmllint(QTI_XSD, assessment)).toBe('');
  });

  it('answers 202 with a queued job and a Location, and records export.completed with the job', async () => {
    const course = await post('/courses', { title: 'Short course' });
    const created = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/export`, body: { format: 'json' } });
    expect(created.status, show(created)).toBe(202);
    expect(created.headers.location).toBe(`/api/v1/exports/${created.body.data.id}`);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^exp_/),
      course_id: course.id,
      format: 'json',
      status: 'queued',
      created_at: '2026-11-21T12:00:00.000Z',
      completed_at: null,
      download_url: null,
      expires_at: null,
      size_bytes: null,
      error: null,
    });
    const done = await waitForExport(created.body.data.id);
    expect(done).toMatchObject({ status: 'succeeded', completed_at: '2026-11-21T12:00:00.000Z', expires_at: '2026-11-28T12:00:00.000Z' });
    expect(done.size_bytes).toBeGreaterThan(50);
    const events = await t.request({ url: '/api/v1/events?type=export.*' });
    const event = events.body.data.find((e: any) => e.data.object.id === done.id);
    expect(event).toMatchObject({ type: 'export.completed', data: { object: done } });
  });

  it('keeps files 7 days: then the download answers 410 and the purge removes the file', async () => {
    const course = await post('/courses', { title: 'Expiring' });
    const job = await exportCourse(course.id, 'json');
    const filePath = path.join(t.config.exportDir, `${job.id}.json`);
    expect(fs.existsSync(filePath)).toBe(true);
    const start = t.clock.now();
    try {
      t.clock.set(start + 7 * 24 * 3600 * 1000 - 1);
      await download(job);
      t.clock.set(start + 7 * 24 * 3600 * 1000);
      const expired = await t.request({ url: job.download_url });
      expect(expired.status, show(expired)).toBe(410);
      expect(expired.body.error.code).toBe('export_expired');
      expect((await t.request({ url: `/api/v1/exports/${job.id}` })).body.data).toMatchObject({ status: 'succeeded', download_url: null });
      expect(await purgeExpiredExports({ ...t.ctx, exportDir: t.config.exportDir })).toBeGreaterThanOrEqual(1);
      expect(fs.existsSync(filePath)).toBe(false);
    } finally {
      t.clock.set(start);
    }
  });

  it('isolates workspaces and checks scopes', async () => {
    const { course } = await buildCourse();
    const job = await exportCourse(course.id, 'json');
    const stranger = await t.newKey();
    for (const request of [
      { url: `/api/v1/exports/${job.id}` },
      { url: `/api/v1/exports/${job.id}/download` },
      { method: 'POST' as const, url: `/api/v1/courses/${course.id}/export`, body: { format: 'json' } },
    ]) {
      const response = await t.request({ ...request, key: stranger.key });
      expect(response.status, show(response)).toBe(404);
      expect(response.body.error.code).toBe('resource_not_found');
    }
    expect((await t.request({ url: '/api/v1/exports/exp_nope' })).status).toBe(404);

    const reader = await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] });
    const refused = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/export`, body: { format: 'json' }, key: reader.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.required_scope).toBe('exports:write');
    const importRefused = await t.request({ method: 'POST', url: '/api/v1/courses/import', body: { object: 'course_export', version: 1, course: { title: 'x', modules: [] } }, key: reader.key });
    expect(importRefused.status).toBe(403);
    expect((await t.request({ url: `/api/v1/exports/${job.id}`, key: reader.key })).status).toBe(200);
    // The file holds quiz answers, which courses:read never sees.
    const answers = await t.request({ url: job.download_url, key: reader.key });
    expect(answers.status, show(answers)).toBe(403);
    expect(answers.body.error).toMatchObject({ code: 'insufficient_permissions', details: { required_scope: 'exports:write' } });
    const exporter = await t.newKey({ accountId: t.accountId, scopes: ['exports:write', 'courses:read'] });
    await download(job, exporter.key);
    // Without a quiz there is nothing to hide.
    const plain = await post('/courses', { title: 'No quiz' });
    await download(await exportCourse(plain.id, 'imscc'), reader.key);
  });

  it('refuses a document that would not make a valid course, pointing at each problem, and writes nothing', async () => {
    const { course } = await buildCourse();
    const document = JSON.parse((await download(await exportCourse(course.id, 'json'))).body);
    const before = (await t.request({ url: '/api/v1/courses?per_page=1' })).body.pagination.total;

    const broken = structuredClone(document);
    broken.course.modules[2].lessons[1].quiz.questions[0].answer = 7;
    broken.course.modules[0].lessons[0].quiz = QUIZ;
    const refused = await t.request({ method: 'POST', url: '/api/v1/courses/import', body: broken });
    expect(refused.status, show(refused)).toBe(400);
    expect(refused.body.error.details.errors).toEqual([
      { path: '/course/modules/0/lessons/0/quiz', message: 'is only for lessons of type quiz' },
      { path: '/course/modules/2/lessons/1/quiz/questions/0/answer', message: 'must be the index of a choice (0..2)' },
    ]);
    const unknown = await t.request({ method: 'POST', url: '/api/v1/courses/import', body: { ...document, version: 2 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.errors.map((e: any) => e.path)).toContain('/version');
    const extra = structuredClone(document);
    extra.course.modules[0].lessons[0].enrollment_count = 3;
    expect((await t.request({ method: 'POST', url: '/api/v1/courses/import', body: extra })).status).toBe(400);
    expect((await t.request({ url: '/api/v1/courses?per_page=1' })).body.pagination.total).toBe(before);
  });

  it('imports a course larger than the 1 MiB limit of other bodies', async () => {
    const content = 'word '.repeat(36_000); // 180,000 characters, within a lesson's 200,000
    const document = {
      object: 'course_export',
      version: 1,
      course: { title: 'Long read', modules: [{ title: 'Chapters', lessons: Array.from({ length: 8 }, (_, i) => ({ title: `Chapter ${i + 1}`, type: 'text', content })) }] },
    };
    expect(JSON.stringify(document).length).toBeGreaterThan(1024 * 1024);
    const imported = await t.request({ method: 'POST', url: '/api/v1/courses/import', body: document });
    expect(imported.status, show(imported)).toBe(201);
    const courseTooBig = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'x', description: content.repeat(7) } });
    expect(courseTooBig.status).toBe(413);
  });

  it('fails an export whose course was deleted before it ran, with export.failed', async () => {
    // A server with its worker off queues the export; a separate worker (as `lectern worker`) builds it.
    const queued = await setupApp(dialect, { config: { worker: false } });
    try {
      const course = (await queued.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'Gone soon' } })).body.data;
      const created = await queued.request({ method: 'POST', url: `/api/v1/courses/${course.id}/export`, body: { format: 'imscc' } });
      const id = created.body.data.id;
      const early = await queued.request({ url: `/api/v1/exports/${id}/download` });
      expect(early.status, show(early)).toBe(409);
      expect(early.body.error).toMatchObject({ code: 'export_not_ready', details: { status: 'queued' } });
      expect((await queued.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}` })).status).toBe(200);

      const separate = backgroundWork(queued.database, queued.ctx, queued.config, queued.app.log);
      await separate.start();
      try {
        const deadline = Date.now() + 15_000;
        let job: any;
        do {
          await new Promise((r) => setTimeout(r, 20));
          job = (await queued.request({ url: `/api/v1/exports/${id}` })).body.data;
        } while (job.status !== 'failed' && Date.now() < deadline);
        expect(job).toMatchObject({ status: 'failed', download_url: null, error: { code: 'resource_not_found', message: `Course ${course.id} was deleted before the export was built` } });
        const events = await queued.request({ url: '/api/v1/events?type=export.failed' });
        expect(events.body.data[0].data.object).toEqual(job);
      } finally {
        await separate.stop();
      }
    } finally {
      await queued.close();
    }
  });

  it('spends the export window: 10 exports an hour per key', async () => {
    const { key, accountId } = await t.newKey();
    await setPlan(t.ctx, accountId, 'professional', { hourly_limit: 1_000_000, burst_limit: 1_000_000 });
    const course = await post('/courses', { title: 'Popular' }, key);
    for (let i = 0; i < 10; i++) {
      const response = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/export`, body: { format: 'json' }, key });
      expect(response.status, show(response)).toBe(202);
    }
    const limited = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/export`, body: { format: 'json' }, key });
    expect(limited.status).toBe(429);
    expect(limited.body.error.details).toMatchObject({ limit: 'export' });
  });
});

