import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import yauzl from 'yauzl';

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type TextNode = DefaultTreeAdapterMap['textNode'];

/**
 * What the export tests share: the schema fixtures (in the workplace's shared/fixtures beside the
 * checkout, not copied into the project), xmllint, and reading a zip.
 */

/** A folder of shared/fixtures (`imscc11`, `scorm12`, `cmi5`) that holds `file`, or '' when absent. */
export function fixturesDir(name: string, file: string, override?: string): string {
  return (
    [override, path.resolve(import.meta.dirname, '../../shared/fixtures', name), path.join('/work/shared/fixtures', name)].find(
      (dir) => dir !== undefined && fs.existsSync(path.join(dir, file)),
    ) ?? ''
  );
}

/** xmllint comes from Debian's libxml2-utils, which .ci/run installs. */
export const xmllintFound = spawnSync('xmllint', ['--version']).status === 0;

/**
 * Whether the schema checks can run: without xmllint or the schemas they are skipped with a
 * warning, unless REQUIRE_XMLLINT is set (CI), where that is a failure.
 */
export function schemaChecksRun(schemas: string, what: string): boolean {
  if (xmllintFound && schemas !== '') return true;
  if (process.env.REQUIRE_XMLLINT) throw new Error(`xmllint and the ${what} schemas are required (REQUIRE_XMLLINT is set) but were not found`);
  console.warn(`xmllint (Debian package libxml2-utils) or the ${what} schemas not found: the schema checks of the package are skipped`);
  return false;
}

/** Validates an XML document against a schema with xmllint; answers its complaint, or '' when valid. */
export function xmllint(schema: string, xml: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-xml-')), 'doc.xml');
  fs.writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return result.status === 0 ? '' : result.stderr;
}

/** Every entry of a zip archive, by path (yauzl: a well-kept, strict reader). */
export function unzipBuffers(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Every entry of a zip archive as UTF-8 text, by path. */
export async function unzip(buffer: Buffer): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  for (const [name, content] of await unzipBuffers(buffer)) entries.set(name, content.toString('utf8'));
  return entries;
}

/** Writes a zip's entries under a new temporary folder; answers the folder. */
export async function unzipToDir(buffer: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-package-'));
  for (const [name, content] of await unzipBuffers(buffer)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return dir;
}

/** Text the API accepts that would break a careless export: markup, entities, a CDATA end, quotes, emoji, RTL marks. */
export const hostile = (n: number) => `<b>&amp; ]]> "q" 'a' 😀 \u200Fשלום\u202E ${n} </b>`;
/** A 200-character title built from hostile text. */
export const longTitle = (n: number) => hostile(n).padEnd(200, 'é');
/** A 10,000-character text built from hostile text. */
export const longText = (n: number) => `${hostile(n)} ${'x&<]]>'.repeat(1700)}`.slice(0, 10_000);

/** Markdown that must show as text in a package: raw HTML, a script link, an image from another host. */
export const HOSTILE_MARKDOWN = [
  `# Rivers ${hostile(30)}`,
  '',
  'The **Seine** <script>alert(1)</script> <img src=x onerror=alert(3)> [map](javascript:alert(2)) [atlas](https://example.com/atlas)',
  '',
  '![logo](https://images.example.com/logo.png) </script><!-- <style>',
  '',
  longText(31),
].join('\n');

/** A quiz of every kind, hostile text in its prompts and choices; the right answers are choice 2, choices 0 and 2, false, "Seine". */
export const RICH_QUIZ = {
  passing_score: 60,
  questions: [
    { prompt: `${hostile(20)} Capital of France?`, kind: 'single_choice', choices: ['Lyon', '</script><script>alert(1)</script>', 'Paris'], answer: 2 },
    { prompt: 'Pick the primes <i>', kind: 'multiple_choice', choices: ['2', '4', '5', '9 ]]>'], answer: [0, 2] },
    { prompt: 'The sky is green & <blue>', kind: 'true_false', answer: false },
    { prompt: 'Name the river in Paris', kind: 'short_answer', answer: ['Seine', 'la Seine'] },
  ],
};

export type Post = (url: string, body: unknown) => Promise<{ id: string; [field: string]: any }>;

/**
 * A course with every lesson type and quiz kind and hostile text everywhere, plus an empty module
 * (which SCORM and cmi5 leave out). Answers the course and its lessons by name.
 */
export async function buildRichCourse(post: Post) {
  const course = await post('/courses', { title: longTitle(1), description: longText(2) });
  const first = await post(`/courses/${course.id}/modules`, { title: hostile(3), description: longText(4) });
  const empty = await post(`/courses/${course.id}/modules`, { title: hostile(5) });
  const last = await post(`/courses/${course.id}/modules`, { title: 'Review' });
  const text = await post(`/modules/${first.id}/lessons`, { title: longTitle(6), type: 'text', content: HOSTILE_MARKDOWN });
  const video = await post(`/modules/${first.id}/lessons`, { title: 'A film', type: 'video', video_url: "https://videos.example.com/v?a=1&b='2'", duration_seconds: 300, content: 'Watch it & <see>.' });
  const assignment = await post(`/modules/${first.id}/lessons`, { title: 'Essay', type: 'assignment', content: longText(7) });
  const quiz = await post(`/modules/${last.id}/lessons`, { title: hostile(8), type: 'quiz', quiz: RICH_QUIZ });
  return { course, modules: { first, empty, last }, lessons: { text, video, assignment, quiz } };
}

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  text: string;
}

/** Parses an HTML page as a browser does (parse5); answers its parse errors and its elements in document order. */
export function parseHtml(html: string): { errors: string[]; elements: HtmlElement[] } {
  const errors: string[] = [];
  const root = parse(html, { onParseError: (error) => errors.push(`${error.code} at ${error.startLine}:${error.startCol}`) });
  const elements: HtmlElement[] = [];
  const textOf = (node: ParentNode): string =>
    node.childNodes.map((child) => (child.nodeName === '#text' ? (child as TextNode).value : 'childNodes' in child ? textOf(child as ParentNode) : '')).join('');
  const walk = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if ('tagName' in child) {
        const element = child;
        elements.push({ tag: element.tagName, attrs: Object.fromEntries(element.attrs.map((a) => [a.name, a.value])), text: textOf(element) });
        walk(element.tagName === 'template' ? (element as unknown as { content: ParentNode }).content : element);
      }
    }
  };
  walk(root);
  return { errors, elements };
}
