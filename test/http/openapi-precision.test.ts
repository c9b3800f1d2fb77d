import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { eventTypes } from '../../src/modules/events/event-types.js';
import { eventSchemaName } from '../../src/modules/events/events.schemas.js';
import { errorCodes } from '../../src/shared/errors.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

type Json = Record<string, any>;

/** Every schema object under `node` (properties, items, unions…), with its JSON pointer. */
function* schemasIn(node: unknown, pointer: string): Generator<[Json, string]> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* schemasIn(item, `${pointer}/${i}`);
    return;
  }
  const schema = node as Json;
  yield [schema, pointer];
  for (const key of ['items', 'additionalProperties', 'propertyNames', 'not']) {
    if (schema[key] && typeof schema[key] === 'object') yield* schemasIn(schema[key], `${pointer}/${key}`);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(schema[key])) yield* schemasIn(schema[key], `${pointer}/${key}`);
  for (const [name, property] of Object.entries<unknown>(schema.properties ?? {})) yield* schemasIn(property, `${pointer}/properties/${name}`);
}

/**
 * The document as a product (issue 19): named components referenced everywhere, no `unknown`
 * in a request body, an example on every request body and success answer that its own schema
 * accepts, every response described, every header and parameter declared.
 */
describe('OpenAPI document: precision', () => {
  let t: TestApp;
  let document: Json;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);

  beforeAll(async () => {
    t = await setupApp('sqlite');
    document = (await t.request({ url: '/api/v1/openapi.json', key: null })).body;
    ajv.addSchema({ $id: 'openapi', components: document.components });
  });
  afterAll(() => t.close());

  /** An operation with its shared answers (`#/components/responses/…`) written out. */
  const withAnswers = (operation: Json): Json => ({
    ...operation,
    responses: Object.fromEntries(
      Object.entries<Json>(operation.responses ?? {}).map(([status, r]) => [status, r.$ref ? document.components.responses[r.$ref.split('/').pop()] : r]),
    ),
  });
  const operations = () =>
    Object.entries<Json>(document.paths).flatMap(([path, item]) =>
      Object.entries<Json>(item).map(([method, operation]) => ({
        where: `${method.toUpperCase()} ${path}`,
        method,
        path,
        operation: withAnswers(operation),
        // An API operation that takes a key: all but the public document itself (`security: []`).
        keyed: path.startsWith('/api/v1/') && !(Array.isArray(operation.security) && operation.security.length === 0),
      })),
    );

  /** A validator for a schema of the document, its `#/components/…` references resolved. */
  const validator = (schema: unknown) => ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')));

  function expectValid(schema: unknown, example: unknown, where: string) {
    const validate = validator(schema);
    expect(validate(example), `${where}: the example does not fit its schema: ${JSON.stringify(validate.errors)}`).toBe(true);
  }

  it('validates every example against its schema: request bodies, answers, parameters and components', () => {
    let checked = 0;
    for (const { where, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        const resolved = parameter.$ref ? document.components.parameters[parameter.$ref.split('/').pop()] : parameter;
        if (resolved.example === undefined) continue;
        expectValid(resolved.schema, resolved.example, `${where} parameter ${resolved.name}`);
        checked++;
      }
      const media = [
        ...Object.entries<Json>(operation.requestBody?.content ?? {}).map(([type, m]) => [`${where} request ${type}`, m] as const),
        ...Object.entries<Json>(operation.responses ?? {}).flatMap(([status, r]) => Object.entries<Json>(r.content ?? {}).map(([type, m]) => [`${where} ${status} ${type}`, m] as const)),
      ];
      for (const [label, m] of media) {
        const examples: [string, unknown][] = Object.entries<Json>(m.examples ?? {}).map(([name, example]) => [`${label} example ${name}`, example.value]);
        if (m.example !== undefined) examples.push([label, m.example]);
        for (const [which, example] of examples) {
          expectValid(m.schema, example, which);
          checked++;
        }
      }
    }
    for (const [name, component] of Object.entries<Json>(document.components.schemas)) {
      for (const [schema, pointer] of schemasIn(component, `#/components/schemas/${name}`)) {
        for (const example of schema.examples ?? []) {
          expectValid(schema, example, pointer);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('gives every request body and every JSON success answer an example', () => {
    // On the media, or on the component it refers to.
    const exampleOf = (media: Json) => media.example ?? media.examples ?? (media.schema.$ref ? document.components.schemas[media.schema.$ref.split('/').pop()].examples : undefined);
    for (const { where, operation } of operations()) {
      const body = operation.requestBody?.content?.['application/json'];
      if (body) expect(exampleOf(body), `${where} request body`).toBeDefined();
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        const json = response.content?.['application/json'];
        if (status.startsWith('2') && json) expect(exampleOf(json), `${where} ${status}`).toBeDefined();
      }
    }
  });

  it('describes every operation and every answer, and names the scope and the rate-limit budgets of each keyed one', () => {
    for (const { where, keyed, operation } of operations()) {
      expect(operation.description, where).toMatch(/\S/);
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        expect(response.description, `${where} ${status}`).toMatch(/\S/);
        expect(response.description, `${where} ${status}`).not.toBe('Default Response');
      }
      if (keyed) {
        expect(operation, where).toHaveProperty('x-required-scope');
        expect(operation.description, where).toMatch(/Requires scope|Any valid API key/);
        expect(operation.description, where).toMatch(/Rate limits: /);
      }
    }
  });

  it('declares Idempotency-Key on every POST and the headers the API sends', () => {
    for (const { where, method, keyed, operation } of operations()) {
      const headers = (status: string) => Object.keys(operation.responses[status]?.headers ?? {});
      for (const status of Object.keys(operation.responses)) expect(headers(status), `${where} ${status}`).toContain('X-Request-Id');
      if (!keyed) continue;
      if (method === 'post') expect(operation.parameters, where).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      expect(headers('429'), where).toEqual(expect.arrayContaining(['Retry-After', 'X-RateLimit-Limit', 'RateLimit']));
      expect(headers('503'), where).toContain('Retry-After');
      const success = Object.keys(operation.responses).find((s) => s.startsWith('2'))!;
      if (operation.responses[success].content?.['application/json']?.schema?.properties?.pagination) expect(headers(success), where).toContain('Link');
    }
    expect(Object.keys(document.paths['/api/v1/courses/{id}'].get.responses['200'].headers)).toContain('ETag');
    expect(Object.keys(document.paths['/api/v1/courses/{id}/export'].post.responses['202'].headers)).toContain('Location');
    expect(Object.keys(document.paths['/api/v1/courses'].post.responses['201'].headers)).toContain('Idempotent-Replayed');
  });

  it('declares the optional body of the rotate actions', () => {
    for (const path of ['/api/v1/api-keys/{id}/rotate', '/api/v1/webhook-endpoints/{id}/rotate-secret']) {
      const body = document.paths[path].post.requestBody;
      expect(body.required, path).toBe(false);
      expect(body.content['application/json'].schema.properties.grace_period_seconds).toMatchObject({ type: 'integer', minimum: 0, maximum: 604800 });
    }
    // An idempotent replay answers without the secret: the schemas say it may be absent.
    expect(document.components.schemas.WebhookEndpointWithSecret.required).not.toContain('secret');
    expect(document.components.schemas.ApiKeyWithSecret.required).not.toContain('key');
  });

  it('references named components: resources, unions by their tag, pagination modes, bulk results, errors', () => {
    const schemas = document.components.schemas;
    for (const name of ['Course', 'Module', 'Lesson', 'QuizQuestion', 'Student', 'Enrollment', 'Progress', 'WebhookEndpoint', 'Delivery', 'Event', 'ApiKey', 'ErrorResponse', 'PagePagination', 'CursorPagination', 'StudentBulkResult']) {
      expect(schemas, name).toHaveProperty(name);
    }
    expect(schemas).not.toHaveProperty('Error');
    expect(schemas.Lesson.discriminator.propertyName).toBe('type');
    expect(Object.keys(schemas.Lesson.discriminator.mapping).sort()).toEqual(['assignment', 'quiz', 'text', 'video']);
    expect(Object.keys(schemas.QuizQuestion.discriminator.mapping).sort()).toEqual(['multiple_choice', 'short_answer', 'single_choice', 'true_false']);
    expect(Object.keys(schemas.StudentBulkResult.discriminator.mapping).sort()).toEqual(['created', 'error']);
    expect(Object.keys(schemas.Event.discriminator.mapping).sort()).toEqual([...eventTypes].sort());
    const list = document.paths['/api/v1/courses'].get.responses['200'].content['application/json'].schema;
    expect(list.properties.data.items).toEqual({ $ref: '#/components/schemas/Course' });
    expect(list.properties.pagination.anyOf).toEqual([{ $ref: '#/components/schemas/PagePagination' }, { $ref: '#/components/schemas/CursorPagination' }]);
    // error: a union by code, each code in exactly one member, each member's details typed.
    expect(schemas.ErrorResponse.properties.error).toEqual({ $ref: '#/components/schemas/ErrorObject' });
    const mapping = schemas.ErrorObject.discriminator.mapping as Record<string, string>;
    expect(Object.keys(mapping).sort()).toEqual([...errorCodes].sort());
    const member = (code: string) => schemas[mapping[code]!.split('/').pop()!];
    for (const code of errorCodes) expect(member(code).properties.code.enum, code).toContain(code);
    expect(member('validation_error').properties.details.properties.errors.items.properties.path.type).toBe('string');
    expect(member('insufficient_permissions').properties.details.properties.required_scope.type).toBe('string');
    expect(member('rate_limit_exceeded').properties.details.properties.limit.anyOf.map((l: Json) => l.enum[0])).toContain('burst');
    expect(member('rate_limit_exceeded').required).toContain('retry_after');
    expect(member('student_exists').properties.details.required).toEqual(['student_id', 'field']);
    expect(member('invalid_json').properties.details.properties).toEqual({});
    expect(member('resource_not_found').properties).not.toHaveProperty('retry_after');
    // Error answers are shared components, each written out once.
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        for (const [status, answer] of Object.entries<Json>(operation.responses)) {
          if (Number(status) >= 400 && path.startsWith('/api/v1/')) expect(answer.$ref, `${method} ${path} ${status}`).toMatch(/^#\/components\/responses\/[A-Za-z]+$/);
        }
      }
    }
    expect(document.paths['/api/v1/courses/{id}'].get.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(document.paths['/api/v1/courses'].post.responses['400']).toEqual({ $ref: '#/components/responses/BadRequestOnPost' });
    // A resource is written out once, in its component: the document stays small.
    const text = JSON.stringify(document);
    expect(text.split('Enrollments that are not cancelled. Read-only.').length - 1, 'Course written out more than once').toBe(1);
  });

  it('types every request body: no schema in one accepts anything', () => {
    const resolve = (schema: Json): Json => (schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()]) : schema);
    const open = (schema: Json) => ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].every((key) => schema[key] === undefined);
    const seen = new Set<Json>();
    const walk = (schema: Json, where: string) => {
      const resolved = resolve(schema);
      if (seen.has(resolved)) return;
      seen.add(resolved);
      for (const [node, pointer] of schemasIn(resolved, where)) {
        // Object keys are strings whatever propertyNames says.
        if (!pointer.endsWith('/propertyNames')) expect(open(node), `${pointer} accepts any value`).toBe(false);
        if (node.$ref) walk(node, `${pointer} → ${node.$ref}`);
      }
    };
    for (const { where, operation } of operations()) {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) walk(body, where);
    }
    // Bulk records are the single create's body, or any other object (answered in the 207).
    for (const [path, component] of [['/api/v1/students/bulk', 'CreateStudentRequest'], ['/api/v1/enrollments/bulk', 'CreateEnrollmentRequest']] as const) {
      const items = resolve(document.paths[path].post.requestBody.content['application/json'].schema).properties.records.items;
      expect(items.anyOf[0]).toEqual({ $ref: `#/components/schemas/${component}` });
      expect(items.anyOf[1]).toMatchObject({ type: 'object' });
      expect(items.anyOf[1].properties).toBeUndefined();
    }
  });

  it('lets a malformed bulk record through as the server does: the request fits the document, the record fails alone in the 207', async () => {
    const body = { records: [{ email: 'fits@example.com', name: 'Fits' }, { email: 'not-an-email', name: 'Bad', role: 'admin' }] };
    const fits = validator(document.paths['/api/v1/students/bulk'].post.requestBody.content['application/json'].schema);
    expect(fits(body), JSON.stringify(fits.errors)).toBe(true);
    expect(fits({ records: [] })).toBe(false);
    expect(fits({ records: [{ email: 'a@example.com', name: 'A' }], extra: 1 })).toBe(false);
    const response = await t.request({ method: 'POST', url: '/api/v1/students/bulk', body });
    expect(response.status).toBe(207);
    expect(response.body.data.map((result: Json) => result.error?.code ?? result.status)).toEqual(['created', 'validation_error']);
  });

  it('documents GET /api/v1/openapi.json as a public operation, and the download\'s Content-Disposition', async () => {
    const operation = document.paths['/api/v1/openapi.json'].get;
    expect(operation).toMatchObject({ operationId: 'getOpenApiDocument', security: [] });
    expect(operation).not.toHaveProperty('x-required-scope');
    const served = await t.request({ url: '/api/v1/openapi.json', key: null });
    expect(validator(operation.responses['200'].content['application/json'].schema)(served.body)).toBe(true);
    // The serialiser writes the whole document, not only the fields its schema names.
    expect(served.body).toEqual(JSON.parse(JSON.stringify(t.app.swagger())));
    expect(document.components.schemas.CreateCourseRequest.properties.published).not.toHaveProperty('default');
    const download = document.paths['/api/v1/exports/{id}/download'].get.responses['200'];
    expect(Object.keys(download.content).sort()).toEqual(['application/json', 'application/zip']);
    expect(download.headers['Content-Disposition']).toEqual({ $ref: '#/components/headers/Content-Disposition' });
    expect('attachment; filename="crs_1-exp_1.imscc"').toMatch(new RegExp(document.components.headers['Content-Disposition'].schema.pattern));
  });

  it('documents a new lesson by type and its questions by kind, and the server agrees with the document on each body', async () => {
    const schemas = document.components.schemas;
    expect(Object.keys(schemas.CreateLessonRequest.discriminator.mapping).sort()).toEqual(['assignment', 'quiz', 'text', 'video']);
    expect(Object.keys(schemas.QuizQuestionInput.discriminator.mapping).sort()).toEqual(['multiple_choice', 'short_answer', 'single_choice', 'true_false']);
    expect(schemas.CreateQuizLessonRequest.required).toContain('quiz');
    expect(schemas.CreateTextLessonRequest.properties).not.toHaveProperty('quiz');
    expect(schemas.UpdateLessonRequest.properties.quiz).toEqual({ $ref: '#/components/schemas/QuizInput' });

    const course = await createCourse(t);
    const moduleId = (await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/modules`, body: { title: 'Module' } })).body.data.id;
    const create = validator(document.paths['/api/v1/modules/{id}/lessons'].post.requestBody.content['application/json'].schema);
    const quiz = (question: Json) => ({ title: 'Quiz', type: 'quiz', quiz: { passing_score: 50, questions: [{ prompt: 'Q?', ...question }] } });
    const bodies: [string, Json][] = [
      ['text', { title: 'Read', type: 'text', content: '# Hi' }],
      ['video', { title: 'Watch', type: 'video', video_url: 'https://videos.example.com/a.mp4', duration_seconds: 60 }],
      ['assignment', { title: 'Do', type: 'assignment' }],
      ['single_choice', quiz({ kind: 'single_choice', choices: ['a', 'b'], answer: 1 })],
      ['multiple_choice', quiz({ kind: 'multiple_choice', choices: ['a', 'b', 'c'], answer: [2, 0] })],
      ['true_false', quiz({ kind: 'true_false', answer: false })],
      ['short_answer', quiz({ kind: 'short_answer', answer: ['Paris'] })],
      ['a text lesson with a quiz', { title: 'Read', type: 'text', quiz: { passing_score: 50, questions: [{ prompt: 'Q?', kind: 'true_false', answer: true }] } }],
      ['a quiz lesson without its quiz', { title: 'Quiz', type: 'quiz' }],
      ['an unknown type', { title: 'Hmm', type: 'podcast' }],
      ['true_false with choices', quiz({ kind: 'true_false', choices: ['yes', 'no'], answer: true })],
      ['single_choice answered with a list', quiz({ kind: 'single_choice', choices: ['a', 'b'], answer: [1] })],
      ['single_choice without choices', quiz({ kind: 'single_choice', answer: 0 })],
      ['multiple_choice answered with none', quiz({ kind: 'multiple_choice', choices: ['a', 'b'], answer: [] })],
      ['true_false answered with a number', quiz({ kind: 'true_false', answer: 1 })],
      ['short_answer answered with a boolean', quiz({ kind: 'short_answer', answer: true })],
      ['short_answer accepting nothing', quiz({ kind: 'short_answer', answer: [] })],
    ];
    for (const [what, body] of bodies) {
      const documented = create(body);
      const response = await t.request({ method: 'POST', url: `/api/v1/modules/${moduleId}/lessons`, body });
      expect(response.status, `${what}: the document says ${documented ? 'valid' : 'invalid'}; ${show(response)}`).toBe(documented ? 201 : 400);
    }
  });

  it('has one webhook per event type, its body the exact payload of that type', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...eventTypes].sort());
    for (const type of eventTypes) {
      const post = document.webhooks[type].post;
      expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${eventSchemaName(type)}` });
      expect(document.components.schemas[eventSchemaName(type)].properties.type.enum).toEqual([type]);
      expect(post.parameters.map((p: Json) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
  });

  it('names the server, the license and the contact, and carries the package version', () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(document.info.version).toBe(pkg.version);
    expect(document.info.license).toEqual({ name: 'Apache 2.0', identifier: pkg.license });
    expect(pkg.license).toBe('Apache-2.0');
    expect(document.info.contact.name).toMatch(/\S/);
    const [server] = document.servers;
    expect(server.variables.port.default).toBe(String(loadConfig({}).port));
    expect(server.variables.host.default).toBe(loadConfig({}).host);
    expect(server.url.replace('{host}', server.variables.host.default).replace('{port}', server.variables.port.default)).toBe(`http://127.0.0.1:${loadConfig({}).port}`);
  });

  it('shares schemas that embed no other shared schema (the serialiser refuses an $id twice in one tree)', () => {
    const shared = Object.values<TSchema & { $id?: string }>(t.app.getSchemas() as Record<string, TSchema>);
    expect(shared.length).toBeGreaterThan(50);
    for (const schema of shared) {
      const inner = [...schemasIn(schema, schema.$id ?? '')].slice(1).filter(([node]) => node.$id !== undefined);
      expect(inner.map(([, pointer]) => pointer), `${schema.$id} embeds a shared schema: use Ref()`).toEqual([]);
    }
  });
});
