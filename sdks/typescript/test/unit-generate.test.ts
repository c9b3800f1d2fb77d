// The generator over the committed docs/openapi.json (named components behind $refs, unions by a
// discriminator, a webhooks section), and what its types let a caller write: lessons and quiz
// questions narrow by their tag, bulk records and rotate bodies are typed, a webhook event is a
// union by `type`. The type-level checks are compiled by `npm run typecheck` (the @ts-expect-error
// lines fail it if the types get looser); the calls run against the fake transport.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ValidationError, type Result, type WebhookEvent } from '../src/index.js';
import { fakeClient, json } from './helpers.js';

const here = path.resolve(import.meta.dirname, '..');
const documentPath = path.resolve(here, '../../docs/openapi.json');
const generatedTypes = () => readFileSync(path.join(here, 'src/generated/openapi.ts'), 'utf8');

type Schema = { $ref?: string; oneOf?: Schema[]; anyOf?: Schema[]; discriminator?: { propertyName: string; mapping?: Record<string, string> } };
const document = JSON.parse(readFileSync(documentPath, 'utf8')) as { components: { schemas: Record<string, Schema> }; webhooks?: Record<string, unknown> };

function generate(...args: string[]) {
  return spawnSync(process.execPath, [path.join(here, 'scripts/generate.mjs'), ...args], { encoding: 'utf8' });
}

describe('generation from docs/openapi.json', () => {
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'lectern-sdk-generate-'));
    cpSync(path.join(here, 'src/generated'), work, { recursive: true });
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('--check passes on the committed files, and exits 1 naming a stale one', () => {
    assert.equal(generate('--check', '--out', work).status, 0);
    writeFileSync(path.join(work, 'openapi.ts'), `${readFileSync(path.join(work, 'openapi.ts'), 'utf8')}\n// edited\n`);
    const result = generate('--check', '--out', work);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /stale generated files.*openapi\.ts/);
  });

  it('each discriminated union types its tag by the mapping, never by a schema name', () => {
    // A discriminator without a mapping makes openapi-typescript type the tag as the member
    // schema's name (`type: "TextLesson"`), which no answer ever has.
    const types = generatedTypes();
    const unions = Object.entries(document.components.schemas).filter(([, schema]) => schema.discriminator);
    assert.ok(unions.some(([name]) => name === 'Lesson'), 'Lesson is a discriminated union');
    for (const [name, schema] of unions) {
      const { propertyName, mapping } = schema.discriminator!;
      const members = (schema.oneOf ?? schema.anyOf ?? []).map((member) => member.$ref!.split('/').pop()!);
      assert.ok(mapping, `#/components/schemas/${name}: discriminator on \`${propertyName}\` has no mapping`);
      assert.deepEqual([...new Set(Object.values(mapping).map((ref) => ref.split('/').pop()))].sort(), [...members].sort(), `${name}: the mapping names every member`);
      for (const member of members) {
        assert.doesNotMatch(types, new RegExp(`\\b${propertyName}: "${member}"`), `${member}.${propertyName} is typed as the schema's name`);
      }
    }
  });

  it('the webhooks section has one payload per event type, the Event union', () => {
    const types = generatedTypes();
    const mapping = document.components.schemas.Event?.discriminator?.mapping ?? {};
    assert.deepEqual(Object.keys(document.webhooks ?? {}).sort(), Object.keys(mapping).sort());
    assert.match(types, /export interface webhooks \{/);
    for (const type of Object.keys(mapping)) assert.match(types, new RegExp(`type: "${type.replace('.', '\\.')}";`));
  });

  it('check:types: the strict type check passes and no request body holds unknown', () => {
    const output = execFileSync(process.execPath, [path.join(here, 'scripts/check-types.mjs')], { encoding: 'utf8' });
    assert.match(output, /strict type check passed; \d+ request bodies, none with unknown/);
  });
});

/** What a caller does with a lesson: only a quiz lesson has a quiz. */
function describeLesson(lesson: Result<'getLesson'>): string {
  if (lesson.type === 'quiz') {
    const kinds = lesson.quiz.questions.map((question) => (question.kind === 'single_choice' ? `${question.choices.length} choices` : question.kind));
    return `quiz (pass at ${lesson.quiz.passing_score}): ${kinds.join(', ')}`;
  }
  const none: null = lesson.quiz; // a lesson that is not a quiz has none
  return `${lesson.type}${none ?? ''}`;
}

/** What a webhook receiver does: the event's object is typed by the event's type. */
function describeEvent(event: WebhookEvent): string {
  switch (event.type) {
    case 'course.created':
      return `course ${event.data.object.title}`;
    case 'student.enrolled':
      return `enrollment ${event.data.object.status}`;
    default:
      // @ts-expect-error not an event type
      if (event.type === 'course.exploded') return 'never';
      return event.type;
  }
}

describe('types from docs/openapi.json', () => {
  const quizLesson = {
    id: 'les_1', module_id: 'mod_1', course_id: 'crs_1', title: 'Quiz', type: 'quiz', content: '', video_url: null, duration_seconds: null, position: 0,
    quiz: { passing_score: 50, questions: [{ id: 'qst_1', prompt: 'p', kind: 'single_choice', choices: ['a', 'b'] }, { id: 'qst_2', prompt: 'q', kind: 'true_false' }] },
    created_at: '2026-11-21T19:05:00.000Z', updated_at: '2026-11-21T19:05:00.000Z',
  };

  it('a lesson narrows by `type`, a quiz question by `kind`', async () => {
    const { client } = fakeClient([json(200, { data: quizLesson }), json(200, { data: { ...quizLesson, type: 'text', quiz: null } })]);
    assert.equal(describeLesson(await client.lessons.get('les_1')), 'quiz (pass at 50): 2 choices, true_false');
    assert.equal(describeLesson(await client.lessons.get('les_1')), 'text');
  });

  it('bulk records are typed, and each result narrows by `status`', async () => {
    const bulk = { data: [{ index: 0, status: 'created', data: { id: 'stu_1', email: 'a@example.com' } }, { index: 1, status: 'error', error: { code: 'student_exists', message: 'm', details: {} } }] };
    const invalid = { error: { code: 'validation_failed', message: 'm', details: { errors: [] }, request_id: 'req_1' } };
    const { client, sent } = fakeClient([json(207, bulk), json(422, invalid), json(422, invalid)]);
    const answer = await client.students.bulkCreate({ records: [{ email: 'a@example.com', name: 'A' }, { email: 'a@example.com', name: 'A', external_id: 'sis-1' }] });
    const outcomes = answer.data.map((result) => (result.status === 'created' ? result.data.id : result.error.code));
    assert.deepEqual(outcomes, ['stu_1', 'student_exists']);
    assert.equal(JSON.parse(sent[0]!.body!).records.length, 2);
    // The types refuse a bad record before it is sent; untyped JavaScript sends it and the API answers 422.
    // @ts-expect-error a record is a student to create: an unknown field is refused
    await assert.rejects(client.students.bulkCreate({ records: [{ email: 'a@example.com', name: 'A', nope: 1 }] }), ValidationError);
    // @ts-expect-error a record needs its required fields
    await assert.rejects(client.students.bulkCreate({ records: [{ email: 'a@example.com' }] }), ValidationError);
  });

  it('a webhook event narrows by `type`', () => {
    const created = { id: 'evt_1', type: 'course.created', created_at: '2026-11-21T19:05:00.000Z', data: { object: { title: 'Algebra' } } };
    assert.equal(describeEvent(created as WebhookEvent), 'course Algebra');
    assert.equal(describeEvent({ ...created, type: 'course.deleted' } as WebhookEvent), 'course.deleted');
  });

  it('a secret shown once is optional in the type (absent from an idempotent replay)', async () => {
    const { client } = fakeClient([json(201, { data: { id: 'whe_1', url: 'https://example.com/hook', events: ['course.created'] } })], {});
    const endpoint = await client.webhooks.createEndpoint({ url: 'https://example.com/hook', events: ['course.created'] });
    // @ts-expect-error `secret` may be absent: narrow before use
    const secret: string = endpoint.secret;
    assert.equal(secret, undefined);
    assert.equal(endpoint.secret ?? 'replayed', 'replayed');
  });
});
