// The generator and the hand-written client against the document docs/openapi.json is becoming
// (test/future-document.ts): regeneration is one command, the client compiles unchanged with strict
// types, lessons narrow by `type`, bulk records and webhook events are typed; and --check notices a
// stale file.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { futureDocument } from './future-document.js';

const here = path.resolve(import.meta.dirname, '..');
const tsc = path.join(here, 'node_modules/typescript/bin/tsc');
let work: string;

function generate(...args: string[]) {
  return spawnSync(process.execPath, [path.join(here, 'scripts/generate.mjs'), ...args], { encoding: 'utf8' });
}

const probe = `
import { Lectern, type WebhookEvent } from './index.js';

export async function probe(lectern: Lectern, event: WebhookEvent): Promise<void> {
  const course = await lectern.courses.create({ title: 'Algebra' });
  const count: number = course.enrollment_count;
  const lesson = await lectern.lessons.get('les_1');
  if (lesson.type === 'quiz') {
    const score: number = lesson.quiz.passing_score;
    void score;
  } else {
    // @ts-expect-error a lesson that is not a quiz has no quiz
    void lesson.quiz.passing_score;
  }
  const bulk = await lectern.students.bulkCreate({ records: [{ email: 'a@example.com', name: 'A' }] });
  void bulk.data.length;
  // @ts-expect-error bulk records are typed: an unknown field is refused
  await lectern.students.bulkCreate({ records: [{ email: 'a@example.com', name: 'A', nope: 1 }] });
  for await (const student of lectern.students.list({ per_page: 100 })) {
    const email: string = student.email;
    void email;
  }
  if (event.type === 'course.created') {
    const title: string = event.data.object.title;
    void title;
  }
  // @ts-expect-error not an event type
  if (event.type === 'course.exploded') return;
  void count;
}
`;

describe('generation from the document as it is becoming', () => {
  before(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'lectern-sdk-generate-'));
    const today = JSON.parse(readFileSync(path.resolve(here, '../../docs/openapi.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(work, 'openapi.json'), JSON.stringify(futureDocument(today)));
    cpSync(path.join(here, 'src'), path.join(work, 'src'), { recursive: true });
    writeFileSync(path.join(work, 'package.json'), '{"type": "module"}\n');
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('regenerates with $refs, a Lesson union, a webhooks section', () => {
    const result = generate('--openapi', path.join(work, 'openapi.json'), '--out', path.join(work, 'src/generated'));
    assert.equal(result.status, 0, result.stderr);
    const types = readFileSync(path.join(work, 'src/generated/openapi.ts'), 'utf8');
    assert.match(types, /Course: \{/);
    assert.match(types, /components\["schemas"\]\["Lesson"\]/);
    assert.match(types, /export interface webhooks \{/);
  });

  it('the client compiles unchanged over the new types, strictly, and they type what they should', () => {
    writeFileSync(path.join(work, 'src/probe.ts'), probe);
    const config = JSON.parse(readFileSync(path.join(here, 'tsconfig.build.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { compilerOptions: Record<string, unknown> };
    writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...config.compilerOptions, noEmit: true, rootDir: 'src' }, include: ['src'] }));
    const result = spawnSync(process.execPath, [tsc, '-p', path.join(work, 'tsconfig.json')], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });

  it('check:types passes once request bodies hold no unknown', () => {
    const output = execFileSync(process.execPath, [path.join(here, 'scripts/check-types.mjs'), path.join(work, 'src/generated/openapi.ts')], { encoding: 'utf8' });
    assert.match(output, /none with unknown/);
  });

  it('--check exits 1 naming the stale file', () => {
    const result = generate('--check', '--openapi', path.join(work, 'openapi.json'), '--out', path.join(here, 'src/generated'));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /stale generated files.*openapi\.ts/);
  });
});
