import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import { testDialects } from '../dialects.js';
import { buildRichCourse, fixturesDir, hostile, type HtmlElement, parseHtml, schemaChecksRun, unzip, unzipBuffers, xmllint } from '../exports-support.js';
import { setupApp, show, type TestApp } from '../harness.js';

/** ADL's SCORM 1.2 schemas and the cmi5 course-structure schema, from the workplace's shared fixtures. */
const SCORM12 = fixturesDir('scorm12', 'scorm12.xsd');
const CMI5 = fixturesDir('cmi5', 'CourseStructure.xsd');
const ADL_SCHEMAS = ['adlcp_rootv1p2.xsd', 'ims_xml.xsd', 'imscp_rootv1p1p2.xsd', 'imsmd_rootv1p2p1.xsd'];

const attr = (tag: string, name: string) => [...tag.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1]!);
/** XML text as it reads: the five entities undone. */
const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);

/**
 * What any page of a package must be: parsed without error, running only the player's scripts
 * (no inline script but the lesson's JSON, no event handler attribute, no javascript: URL),
 * loading nothing from outside the package (a video waits to be played), labelled for a screen
 * reader and laid out for a phone.
 */
function checkPage(name: string, html: string, entries: Map<string, unknown>): HtmlElement[] {
  const { errors, elements } = parseHtml(html);
  expect(errors, name).toEqual([]);
  const local = (url: string) => path.posix.normalize(path.posix.join(path.posix.dirname(name), url));
  for (const element of elements) {
    for (const [attribute, value] of Object.entries(element.attrs)) {
      expect(attribute.startsWith('on'), `${name}: <${element.tag} ${attribute}>`).toBe(false);
      if (attribute === 'href' || attribute === 'src') expect(value.trim().toLowerCase().startsWith('javascript:'), `${name}: ${value}`).toBe(false);
    }
    if (element.tag === 'script') {
      if (element.attrs.type === 'application/json') expect(() => JSON.parse(element.text) as unknown).not.toThrow();
      else expect(entries.has(local(element.attrs.src!)), `${name}: script ${element.attrs.src}`).toBe(true);
    }
    if (element.tag === 'link') expect(entries.has(local(element.attrs.href!)), `${name}: ${element.attrs.href}`).toBe(true);
    expect(['img', 'iframe', 'object', 'embed', 'style', 'base', 'audio', 'source'], `${name}: <${element.tag}>`).not.toContain(element.tag);
    if (element.tag === 'video') expect(element.attrs.preload, name).toBe('none');
    if (element.tag === 'input') {
      const label = elements.find((other) => other.tag === 'label' && other.attrs.for === element.attrs.id);
      expect(label, `${name}: input ${element.attrs.id} has a label`).toBeDefined();
    }
  }
  expect(elements.find((e) => e.tag === 'meta' && e.attrs.name === 'viewport')?.attrs.content, name).toBe('width=device-width, initial-scale=1');
  expect(elements.find((e) => e.tag === 'meta' && e.attrs['http-equiv'] === 'Content-Security-Policy')?.attrs.content, name).toContain("script-src 'self'");
  expect(elements.filter((e) => e.tag === 'h1'), name).toHaveLength(1);
  return elements;
}

describe.each(testDialects())('SCORM 1.2 and cmi5 packages [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
    await setPlan(t.ctx, t.accountId, 'professional', { hourly_limit: 1_000_000, burst_limit: 1_000_000, export_hourly_limit: 1_000, bulk_hourly_limit: 1_000 });
  });
  afterAll(() => t.close());

  const post = async (url: string, body: unknown) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body });
    expect(response.status, show(response)).toBe(201);
    return response.body.data as { id: string; [field: string]: any };
  };

  /** Exports through the API as a client does (202, poll, download) and answers the job and the zip's entries. */
  async function exportPackage(courseId: string, format: 'scorm12' | 'cmi5' | 'imscc' | 'json') {
    const created = await t.request({ method: 'POST', url: `/api/v1/courses/${courseId}/export`, body: { format } });
    expect(created.status, show(created)).toBe(202);
    expect(created.body.data).toMatchObject({ format, status: 'queued' });
    // A generous bound against a hang, not a timing assertion: docs/exports.md states the measured times.
    const deadline = Date.now() + 120_000;
    let job: any;
    do {
      await new Promise((r) => setTimeout(r, 20));
      job = (await t.request({ url: `/api/v1/exports/${created.body.data.id}` })).body.data;
    } while (job.status !== 'succeeded' && job.status !== 'failed' && Date.now() < deadline);
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    const file = await t.app.inject({ method: 'GET', url: job.download_url, headers: { authorization: `Bearer ${t.key}` } });
    expect(file.statusCode, file.body.slice(0, 500)).toBe(200);
    expect(file.headers['content-type']).toBe(format === 'json' ? 'application/json' : 'application/zip');
    if (format === 'json') return { job, entries: new Map<string, string>(), buffers: new Map<string, Buffer>() };
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${courseId}-${job.id}.${format === 'imscc' ? 'imscc' : 'zip'}"`);
    expect(Number(file.headers['content-length'])).toBe(job.size_bytes);
    return { job, entries: await unzip(file.rawPayload), buffers: await unzipBuffers(file.rawPayload) };
  }

  it('exports SCORM 1.2: a manifest valid against ADL\'s schemas, the schemas beside it, one SCO per lesson with every file it uses', async () => {
    const { course, modules, lessons } = await buildRichCourse(post);
    // Text no request can store any more, written as older versions could have: still a valid package.
    await t.ctx.db.updateTable('modules').set({ title: `ctl\u0001 x\u0008\u001f\u007f\ufffe end` }).where('id', '=', modules.last.id).execute();
    const { entries, buffers } = await exportPackage(course.id, 'scorm12');
    const manifest = entries.get('imsmanifest.xml')!;
    expect(manifest).toContain('<schema>ADL SCORM</schema><schemaversion>1.2</schemaversion>');

    for (const schema of ADL_SCHEMAS) {
      expect(buffers.get(schema), schema).toBeDefined();
      if (SCORM12) expect(buffers.get(schema)!.equals(fs.readFileSync(path.join(SCORM12, schema))), schema).toBe(true);
    }
    // One organization titled as the course; an item per module with lessons (the empty one is left
    // out), an item per lesson, in order; the quiz's mastery score its passing score.
    const titles = [...manifest.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescapeXml(m[1]!));
    expect(titles).toEqual([course.title, modules.first.title, lessons.text.title, 'A film', 'Essay', 'ctl x end', lessons.quiz.title]);
    expect(titles.join('')).not.toContain(hostile(5));
    expect(manifest).toContain(`<item identifier="I_${lessons.quiz.id}" identifierref="R_${lessons.quiz.id}" isvisible="true"><title>${manifest.match(/<title>(&lt;b&gt;[^<]*8 &lt;\/b&gt;)<\/title>/)![1]}</title><adlcp:masteryscore>60</adlcp:masteryscore></item>`);
    expect(manifest).not.toContain(']]>');

    // Every resource a SCO whose files are in the zip, and lists every file its page loads.
    const resources = [...manifest.matchAll(/<resource ([^>]*)>(.*?)<\/resource>/g)];
    expect(resources).toHaveLength(4);
    const resourceIds = new Set<string>();
    for (const [, attributes, inner] of resources) {
      const tag = ` ${attributes}`;
      expect(attr(tag, 'adlcp:scormtype')).toEqual(['sco']);
      resourceIds.add(attr(tag, 'identifier')[0]!);
      const href = attr(tag, 'href')[0]!;
      const files = attr(inner!, 'href');
      expect(files).toContain(href);
      for (const file of files) expect(entries.has(file), file).toBe(true);
      const elements = checkPage(href, entries.get(href)!, entries);
      const loaded = elements.flatMap((e) => (e.tag === 'script' && e.attrs.src ? [e.attrs.src] : e.tag === 'link' ? [e.attrs.href!] : []));
      for (const url of loaded) expect(files, `${href} loads ${url}`).toContain(path.posix.join('lessons', url));
    }
    for (const [, ref] of manifest.matchAll(/identifierref="([^"]+)"/g)) expect(resourceIds.has(ref!)).toBe(true);
    for (const [, href] of manifest.matchAll(/href="([^"]+)"/g)) expect(entries.has(href!), href).toBe(true);

    // The lesson's Markdown as HTML; its raw HTML, script link and image as text or plain links.
    const text = entries.get(`lessons/${lessons.text.id}.html`)!;
    const { elements } = parseHtml(text);
    const content = elements.find((e) => e.tag === 'div' && e.attrs.class === 'content')!;
    expect(content.text).toContain('<script>alert(1)</script>');
    expect(content.text).toContain('<img src=x onerror=alert(3)>');
    expect(elements.filter((e) => e.tag === 'a').map((e) => e.attrs.href)).toEqual(['#', 'https://example.com/atlas', 'https://images.example.com/logo.png']);
    expect(elements.find((e) => e.tag === 'strong')?.text).toBe('Seine');
    expect(elements.find((e) => e.tag === 'title')?.text).toBe(lessons.text.title);
    const video = parseHtml(entries.get(`lessons/${lessons.video.id}.html`)!).elements.find((e) => e.tag === 'video')!;
    expect(video.attrs).toMatchObject({ src: "https://videos.example.com/v?a=1&b='2'", preload: 'none', controls: '' });

    // The quiz: a fieldset per question with its prompt as legend, one submit button, the choices as text.
    const quiz = parseHtml(entries.get(`lessons/${lessons.quiz.id}.html`)!).elements;
    expect(quiz.filter((e) => e.tag === 'fieldset').map((e) => e.attrs['data-kind'])).toEqual(['single_choice', 'multiple_choice', 'true_false', 'short_answer']);
    expect(quiz.filter((e) => e.tag === 'legend')[0]!.text).toContain(hostile(20));
    expect(quiz.filter((e) => e.tag === 'button' && e.attrs.type === 'submit')).toHaveLength(1);
    expect(quiz.filter((e) => e.tag === 'label').map((e) => e.text)).toContain('</script><script>alert(1)</script>');
    const data = JSON.parse(quiz.find((e) => e.tag === 'script' && e.attrs.id === 'lectern-lesson')!.text);
    expect(data.quiz.questions.map((q: any) => q.answer)).toEqual([2, [0, 2], false, ['Seine', 'la Seine']]);

    if (!schemaChecksRun(SCORM12, 'SCORM 1.2')) return;
    expect(xmllint(path.join(SCORM12, 'scorm12.xsd'), manifest)).toBe('');
    // The check bites: a SCO type outside the vocabulary is refused.
    expect(xmllint(path.join(SCORM12, 'scorm12.xsd'), manifest.replace('adlcp:scormtype="sco"', 'adlcp:scormtype="page"'))).toMatch(/fails to validate/);
  });

  it('exports cmi5: a cmi5.xml valid against the course-structure schema, a block per module and an AU per lesson', async () => {
    const { course, modules, lessons } = await buildRichCourse(post);
    const { entries } = await exportPackage(course.id, 'cmi5');
    const structure = entries.get('cmi5.xml')!;
    const langstrings = [...structure.matchAll(/<title><langstring lang="en">([^<]*)<\/langstring><\/title>/g)].map((m) => unescapeXml(m[1]!));
    expect(langstrings).toEqual([course.title, modules.first.title, lessons.text.title, 'A film', 'Essay', 'Review', lessons.quiz.title]);
    expect(unescapeXml(structure)).toContain(`<description><langstring lang="en">${course.description}</langstring></description>`);
    expect([...structure.matchAll(/<block /g)]).toHaveLength(2);
    const aus = [...structure.matchAll(/<au ([^>]*)>.*?<url>([^<]*)<\/url><\/au>/g)];
    expect(aus.map(([, attributes]) => [attr(` ${attributes}`, 'moveOn')[0], attr(` ${attributes}`, 'masteryScore')[0]])).toEqual([
      ['Completed', undefined],
      ['Completed', undefined],
      ['Completed', undefined],
      ['Passed', '0.6'],
    ]);
    expect(new Set(aus.map(([, attributes]) => attr(` ${attributes}`, 'id')[0])).size).toBe(4);
    for (const [, , url] of aus) {
      expect(entries.has(url!), url).toBe(true);
      const elements = checkPage(url!, entries.get(url!)!, entries);
      expect(elements.filter((e) => e.tag === 'script' && e.attrs.src).map((e) => e.attrs.src)).toEqual(['../player/cmi5.umd.js', '../player/player.js']);
    }
    expect(entries.has('player/cmi5.LICENSE.md')).toBe(true);

    if (!schemaChecksRun(CMI5, 'cmi5')) return;
    const xsd = path.join(CMI5, 'CourseStructure.xsd');
    expect(xmllint(xsd, structure)).toBe('');
    expect(xmllint(xsd, structure.replace('moveOn="Passed"', 'moveOn="Watched"'))).toMatch(/fails to validate/);
  });

  it('exports a course without lessons as a package with one page, its description, so it still has something to launch', async () => {
    const course = await post('/courses', { title: 'Soon', description: 'Lessons are **coming**.' });
    await post(`/courses/${course.id}/modules`, { title: 'Empty' });
    const scorm = (await exportPackage(course.id, 'scorm12')).entries;
    expect([...scorm.keys()].filter((name) => name.startsWith('lessons/'))).toEqual(['lessons/overview.html']);
    expect(scorm.get('lessons/overview.html')).toContain('<strong>coming</strong>');
    const cmi5 = (await exportPackage(course.id, 'cmi5')).entries;
    if (schemaChecksRun(SCORM12, 'SCORM 1.2')) expect(xmllint(path.join(SCORM12, 'scorm12.xsd'), scorm.get('imsmanifest.xml')!)).toBe('');
    if (schemaChecksRun(CMI5, 'cmi5')) expect(xmllint(path.join(CMI5, 'CourseStructure.xsd'), cmi5.get('cmi5.xml')!)).toBe('');
  });

  it('records export.completed, answers 404 for another workspace\'s course and keeps a package with answers from courses:read', async () => {
    const { course } = await buildRichCourse(post);
    const stranger = await t.newKey();
    const refused = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/export`, body: { format: 'scorm12' }, key: stranger.key });
    expect(refused.status, show(refused)).toBe(404);
    expect(refused.body.error.code).toBe('resource_not_found');
    const { job } = await exportPackage(course.id, 'cmi5');
    const events = await t.request({ url: '/api/v1/events?type=export.completed' });
    expect(events.body.data.find((e: any) => e.data.object.id === job.id)?.data.object).toMatchObject({ format: 'cmi5', status: 'succeeded', size_bytes: job.size_bytes });
    const reader = await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] });
    const answers = await t.request({ url: job.download_url, key: reader.key });
    expect(answers.status, show(answers)).toBe(403);
    expect((await t.request({ url: job.download_url, key: stranger.key })).status).toBe(404);
    const unknown = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/export`, body: { format: 'scorm2004' } });
    expect(unknown.status).toBe(400);
  });

  it('exports a course of 50 modules × 20 lessons in every format', { timeout: 600_000 }, async () => {
    const paragraph = 'A **river** is a natural flowing watercourse, usually freshwater, flowing towards an ocean, sea, lake or another river. ';
    const content = `## Overview\n\n${paragraph.repeat(12)}\n\n- one\n- two\n- three\n\n[Read more](https://example.com/rivers)`;
    const quiz = {
      passing_score: 70,
      questions: Array.from({ length: 10 }, (_, i) => [
        { prompt: `Question ${i}: which is a river?`, kind: 'single_choice', choices: ['Seine', 'Alps', 'Sahara'], answer: 0 },
        { prompt: `Question ${i}: pick the rivers`, kind: 'multiple_choice', choices: ['Loire', 'Everest', 'Rhine'], answer: [0, 2] },
        { prompt: `Question ${i}: rivers flow downhill`, kind: 'true_false', answer: true },
        { prompt: `Question ${i}: the river through Paris?`, kind: 'short_answer', answer: ['Seine'] },
      ][i % 4]),
    };
    const types = ['text', 'text', 'video', 'text', 'quiz', 'text', 'assignment', 'text', 'text', 'quiz'] as const;
    const document = {
      object: 'course_export',
      version: 1,
      course: {
        title: 'Rivers of the world',
        description: paragraph,
        modules: Array.from({ length: 50 }, (_, m) => ({
          title: `Module ${m + 1}`,
          description: paragraph,
          lessons: Array.from({ length: 20 }, (_, l) => {
            const type = types[l % types.length]!;
            return {
              title: `Lesson ${m + 1}.${l + 1}`,
              type,
              content,
              ...(type === 'video' ? { video_url: `https://videos.example.com/${m}/${l}.mp4`, duration_seconds: 240 } : {}),
              ...(type === 'quiz' ? { quiz } : {}),
            };
          }),
        })),
      },
    };
    const imported = await t.request({ method: 'POST', url: '/api/v1/courses/import', body: document });
    expect(imported.status, show(imported)).toBe(201);
    const figures: string[] = [];
    for (const format of ['json', 'imscc', 'scorm12', 'cmi5'] as const) {
      const started = Date.now();
      const { job, entries } = await exportPackage(imported.body.data.id, format);
      figures.push(`${format}: ${((Date.now() - started) / 1000).toFixed(1)} s, ${(job.size_bytes / 1024 / 1024).toFixed(2)} MiB`);
      if (format === 'scorm12') {
        expect([...entries.keys()].filter((name) => name.startsWith('lessons/'))).toHaveLength(1000);
        if (schemaChecksRun(SCORM12, 'SCORM 1.2')) expect(xmllint(path.join(SCORM12, 'scorm12.xsd'), entries.get('imsmanifest.xml')!)).toBe('');
      }
      if (format === 'cmi5') {
        expect([...entries.get('cmi5.xml')!.matchAll(/<au /g)]).toHaveLength(1000);
        if (schemaChecksRun(CMI5, 'cmi5')) expect(xmllint(path.join(CMI5, 'CourseStructure.xsd'), entries.get('cmi5.xml')!)).toBe('');
      }
    }
    // The figures docs/exports.md states (request to succeeded, through the job queue).
    console.info(`50 × 20 lessons [${t.dialect}]: ${figures.join('; ')}`);
  });
});
