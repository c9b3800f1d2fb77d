// docs/openapi.json as issue 19 wants it to become, made from today's: named component schemas
// behind $refs (Course, Student, …), Lesson as a union by `type`, ErrorResponse, $ref parameters and
// request bodies, typed bulk records and quiz answers, and a `webhooks` section. The generator and
// the hand-written client must cope with it unchanged (test/unit-generate.test.ts).
type Json = Record<string, unknown>;

const clone = <T>(value: T): T => structuredClone(value);

function hoistNamedSchemas(document: Json, schemas: Record<string, Json>): void {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const object = Object.fromEntries(Object.entries(node as Json).map(([key, value]) => [key, visit(value)]));
    const title = object.title;
    if (typeof title === 'string' && /^[A-Z][A-Za-z]+$/.test(title) && (object.properties || object.anyOf)) {
      schemas[title] ??= object;
      return { $ref: `#/components/schemas/${title}` };
    }
    return object;
  };
  document.paths = visit(document.paths);
}

function rewriteRefs(node: unknown, from: string, to: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, from, to));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(Object.entries(node as Json).map(([key, value]) => [key, key === '$ref' && value === from ? to : rewriteRefs(value, from, to)]));
}

type Operation = { operationId: string; parameters?: Json[]; requestBody?: Json; responses: Json };

function operations(document: Json): Operation[] {
  return Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
    ['get', 'post', 'put', 'patch', 'delete'].flatMap((method) => (item[method] ? [item[method]] : [])),
  );
}

function bodySchema(document: Json, operationId: string): Json {
  const operation = operations(document).find((o) => o.operationId === operationId);
  const body = operation?.requestBody as { content: { 'application/json': { schema: Json } } } | undefined;
  if (!body) throw new Error(`no body for ${operationId}`);
  return body.content['application/json'].schema;
}

export function futureDocument(today: Json): Json {
  const document = clone(today);
  const components = document.components as { schemas: Record<string, Json>; parameters?: Record<string, Json>; requestBodies?: Record<string, Json> };
  const schemas = components.schemas;

  // Typed bulk records and quiz attempt answers (today `unknown`).
  schemas.StudentCreate = clone(bodySchema(document, 'createStudent'));
  schemas.EnrollmentCreate = clone(bodySchema(document, 'createEnrollment'));
  const records = (id: string) => ((bodySchema(document, id).properties as Json).records as Json);
  records('bulkCreateStudents').items = { $ref: '#/components/schemas/StudentCreate' };
  records('bulkCreateEnrollments').items = { $ref: '#/components/schemas/EnrollmentCreate' };
  const attempt = bodySchema(document, 'submitQuizAttempt') as { properties: { answers: { items: { properties: Json } } } };
  attempt.properties.answers.items.properties.answer = {
    anyOf: [{ type: 'integer' }, { type: 'boolean' }, { type: 'string' }, { type: 'array', items: { type: 'integer' } }],
  };

  hoistNamedSchemas(document, schemas);

  // Lesson: a union by `type`; a quiz lesson has a quiz, the others none.
  const lesson = schemas.Lesson as { properties: Json & { quiz: { anyOf: Json[] } } };
  const quiz = lesson.properties.quiz.anyOf.find((variant) => variant.type !== 'null');
  schemas.QuizLesson = { ...clone(lesson), title: 'QuizLesson', properties: { ...clone(lesson.properties), type: { type: 'string', enum: ['quiz'] }, quiz } };
  schemas.ContentLesson = {
    ...clone(lesson),
    title: 'ContentLesson',
    properties: { ...clone(lesson.properties), type: { type: 'string', enum: ['text', 'video', 'assignment'] }, quiz: { type: 'null' } },
  };
  schemas.Lesson = {
    oneOf: [{ $ref: '#/components/schemas/QuizLesson' }, { $ref: '#/components/schemas/ContentLesson' }],
    // With no mapping, openapi-typescript types `type` as the schema's name ("QuizLesson").
    discriminator: {
      propertyName: 'type',
      mapping: {
        quiz: '#/components/schemas/QuizLesson',
        text: '#/components/schemas/ContentLesson',
        video: '#/components/schemas/ContentLesson',
        assignment: '#/components/schemas/ContentLesson',
      },
    },
  };

  // Shared parameters and a named request body.
  components.parameters = { PerPage: { in: 'query', name: 'per_page', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } } };
  for (const operation of operations(document)) {
    operation.parameters = operation.parameters?.map((p) => (p.in === 'query' && p.name === 'per_page' ? { $ref: '#/components/parameters/PerPage' } : p));
  }
  const createCourse = operations(document).find((o) => o.operationId === 'createCourse')!;
  components.requestBodies = { CourseCreate: createCourse.requestBody! };
  createCourse.requestBody = { $ref: '#/components/requestBodies/CourseCreate' };

  // A webhooks section: one entry per event type with its payload.
  const eventTypes = ((schemas.Event as { properties: { type: { enum: string[] } } }).properties.type.enum);
  document.webhooks = Object.fromEntries(
    eventTypes.map((type) => {
      const object = type.startsWith('course.') ? { $ref: '#/components/schemas/Course' } : { type: 'object', additionalProperties: true };
      const payload = {
        type: 'object',
        required: ['id', 'type', 'created_at', 'data'],
        properties: {
          id: { type: 'string' },
          type: { type: 'string', enum: [type] },
          created_at: { type: 'string', format: 'date-time' },
          data: { type: 'object', required: ['object'], properties: { object } },
        },
      };
      return [type, { post: { operationId: `event_${type}`, requestBody: { required: true, content: { 'application/json': { schema: payload } } }, responses: { '204': { description: 'Received' } } } }];
    }),
  );
  // ErrorResponse instead of Error (a name that hides JavaScript's own).
  schemas.ErrorResponse = schemas.Error!;
  delete schemas.Error;
  return rewriteRefs(document, '#/components/schemas/Error', '#/components/schemas/ErrorResponse') as Json;
}
