import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BreakingChange, compare, declaredBy, declarations } from '../../scripts/check-compat.js';

// `npm run check:compat` as a maintainer runs it: a child process, its exit code and its output.
function checkCompat(...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/check-compat.ts', ...args], { cwd: process.cwd(), timeout: 120_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

const changelogWith = (breaking: string) =>
  `# Changelog\n\n## [Unreleased]\n\n### Added\n\n- Something new naming \`data.description\` (not a declaration).\n\n### Breaking\n\n${breaking}\n\n## [1.0.0] - 2026-11-26\n\n### Removed\n\n- \`data.title\` (a released section declares nothing).\n`;

describe('npm run check:compat', () => {
  let dir: string;
  let altered: string;
  let runs: Promise<{ code: number; output: string }>[];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-compat-'));
    // The committed document with one response field gone: Course.description.
    const document = JSON.parse(fs.readFileSync('docs/openapi.json', 'utf8'));
    const course = document.components.schemas.Course;
    delete course.properties.description;
    course.required = course.required.filter((name: string) => name !== 'description');
    altered = path.join(dir, 'openapi.json');
    fs.writeFileSync(altered, JSON.stringify(document));
    const declared = path.join(dir, 'CHANGELOG.md');
    // The project's CHANGELOG (its own declarations hold) with one more under ## [Unreleased].
    const changelog = fs.readFileSync('CHANGELOG.md', 'utf8');
    const declaration = '### Breaking\n\n- Courses no longer carry `data.description`: it moved to the course page (see\n  the notice).\n\n';
    fs.writeFileSync(declared, changelog.replace(/^## \[Unreleased\]\n\n/m, (heading) => `${heading}${declaration}`));
    // The three runs go at once (each takes a few seconds of CPU).
    runs = [checkCompat(), checkCompat('--current', altered), checkCompat('--current', altered, '--changelog', declared)];
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('passes on the committed document', async () => {
    const { code, output } = await runs[0]!;
    expect(output).toMatch(/docs\/openapi\.json .* against the released docs\/openapi\/released\/1\.0\.0\.json/);
    expect(output).toContain('check:compat: OK');
    expect(code, output).toBe(0);
  }, 120_000);

  it('fails on a removed response field, naming it and where', async () => {
    const { code, output } = await runs[1]!;
    expect(code, output).toBe(1);
    expect(output).toContain('BREAKING   removed response field: `data.description`');
    expect(output).toContain('GET /api/v1/courses/{id} (response 200)');
    expect(output).toContain('removed response field: `data[].description`');
    expect(output).toContain('check:compat: FAILED');
  }, 120_000);

  it('passes on the same document when the CHANGELOG declares the removal', async () => {
    const { code, output } = await runs[2]!;
    expect(output).toMatch(/declared {3}removed response field: `data\.description` in \d+ place\(s\), by "Courses no longer carry/);
    expect(code, output).toBe(0);
  }, 120_000);
});

describe('declarations in the CHANGELOG', () => {
  const change = (operation: string, names: string[], kind = 'removed response field'): BreakingChange => ({ kind, operation, where: 'response 200', names });

  it('reads the bullets of ## [Unreleased] → ### Breaking and ### Removed only', () => {
    const bullets = declarations(
      changelogWith('- `GET /courses/{id}`: `data.legacy` is gone.\n- Removed the `archived` value of `data.status`,\n  continued on a second line: `GET /api/v1/exports/{id}`.'),
    );
    expect(bullets.map((b) => [...b.terms])).toEqual([['data.legacy'], ['archived', 'data.status']]);
    expect(bullets.map((b) => [...b.operations])).toEqual([['GET /courses/{id}'], ['GET /exports/{id}']]);
    expect(declaredBy(change('GET /api/v1/courses', ['data.description']), bullets)).toBeUndefined();
    expect(declaredBy(change('GET /api/v1/courses', ['data.title']), bullets)).toBeUndefined();
  });

  it('matches the names of a change, within the operations a bullet names if it names any', () => {
    const bullets = declarations(changelogWith('- `GET /courses/{id}`: `data.legacy` is gone.\n- `data.code` is gone everywhere.\n- `DELETE /api/v1/widgets/{id}` is removed.'));
    expect(declaredBy(change('GET /api/v1/courses/{id}', ['data.legacy']), bullets)).toBeDefined();
    expect(declaredBy(change('GET /api/v1/courses', ['data[].legacy']), bullets)).toBeUndefined();
    expect(declaredBy(change('GET /api/v1/courses', ['data[].code']), bullets)).toBeDefined();
    expect(declaredBy(change('DELETE /api/v1/widgets/{id}', ['DELETE /api/v1/widgets/{id}'], 'removed operation'), bullets)).toBeDefined();
    expect(declaredBy(change('DELETE /api/v1/gadgets/{id}', ['DELETE /api/v1/gadgets/{id}'], 'removed operation'), bullets)).toBeUndefined();
    expect(declaredBy(change('GET /api/v1/courses/{id}', ['data.status', 'archived'], 'removed enum value'), bullets)).toBeUndefined();
  });
});

describe('the policy over the tool', () => {
  // A small document: one GET answering a course, one POST taking a closed body.
  const document = (course: object, body: object = { type: 'object', additionalProperties: false, properties: { title: { type: 'string' }, tags: {} } }, parameters: object[] = []) => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: {
      '/api/v1/courses/{id}': {
        get: { parameters, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { data: course } } } } } } },
      },
      '/api/v1/courses': { post: { requestBody: { required: true, content: { 'application/json': { schema: body } } }, responses: { '201': { description: 'ok' } } } },
    },
  });
  const course = { type: 'object', required: ['id', 'status'], properties: { id: { type: 'string' }, status: { type: 'string', enum: ['draft', 'live'] } } };
  const kinds = (before: object, after: object) => compare(before as never, after as never).breaking.map((c) => `${c.kind}: ${c.names.join(' ')}`);

  it('holds a refactoring into components and discriminated unions to be no change', () => {
    const refactored = document({ $ref: '#/components/schemas/Course' });
    Object.assign(refactored, {
      components: {
        schemas: {
          Course: { oneOf: [{ $ref: '#/components/schemas/Draft' }, { $ref: '#/components/schemas/Live' }], discriminator: { propertyName: 'status' } },
          Draft: { type: 'object', required: ['id', 'status'], properties: { id: { type: 'string', description: 'Id.' }, status: { const: 'draft' } } },
          Live: { type: 'object', required: ['id', 'status'], properties: { id: { type: 'string' }, status: { type: 'string', enum: ['live'] } } },
        },
      },
    });
    expect(kinds(document(course), refactored)).toEqual([]);
  });

  it('lets a response gain an enum value and fields, not lose them', () => {
    const more = { ...course, properties: { ...course.properties, status: { type: 'string', enum: ['draft', 'live', 'archived'] }, slug: { type: 'string' } } };
    expect(kinds(document(course), document(more))).toEqual([]);
    const less = { ...course, properties: { status: { type: 'string', enum: ['live'] } } };
    expect(kinds(document(course), document(less)).sort()).toEqual(['removed enum value: data.status draft', 'removed response field: data.id']);
  });

  it('flags a new required parameter or body field, and a request field dropped from a closed body, not an optional one', () => {
    const optional = [{ name: 'expand', in: 'query', required: false, schema: { type: 'string' } }];
    expect(kinds(document(course), document(course, undefined, optional))).toEqual([]);
    const required = [{ name: 'tenant', in: 'query', required: true, schema: { type: 'string' } }];
    expect(kinds(document(course), document(course, undefined, required))).toEqual(['new required parameter: tenant']);
    const strict = { type: 'object', additionalProperties: false, required: ['title'], properties: { title: { type: 'string' }, tags: {} } };
    expect(kinds(document(course), document(course, strict))).toEqual(['new required request field: title']);
    expect(kinds(document(course), document(course, { type: 'object', additionalProperties: false, properties: { tags: {} } }))).toEqual(['removed request field: title']);
    expect(kinds(document(course), document(course, { type: 'object', properties: { tags: {} } }))).toEqual([]);
  });

  it('flags a request type no longer accepted, not a type given to an untyped field', () => {
    const typed = { type: 'object', additionalProperties: false, properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } };
    expect(kinds(document(course), document(course, typed))).toEqual([]);
    const narrowed = { type: 'object', additionalProperties: false, properties: { title: { type: 'integer' }, tags: {} } };
    expect(kinds(document(course), document(course, narrowed))).toEqual(['changed type: title']);
  });
});
