import { type Static, type TSchema, Type } from 'typebox';
import { BULK_MAX } from './bulk.js';
import { type ErrorCode, errorCodes } from './errors.js';
import { type IdPrefix, idPattern } from './ids.js';

/** Building blocks reused by every resource's schemas. */

export const Id = (prefix: IdPrefix, description?: string) =>
  Type.String({ pattern: idPattern(prefix), examples: [`${prefix}_01jd4z3k9q8x7v6b5n4m3c2x1z`], ...(description ? { description } : {}) });

/**
 * A path id, checked loosely (1..64 characters, no control character): one that fails answers 404
 * like a missing one, never 400 (validation.ts). The description starts with the resource's name
 * ("Course id (crs_…)"), which that 404's message names.
 */
export const PathId = (description: string) => Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description }) }, { additionalProperties: false });

/** The resource a path-id schema names: "Course id (crs_…)" → "Course"; "Resource" when it names none. */
export function pathResource(schema: TSchema): string {
  const properties = (schema as { properties?: Record<string, { description?: string }> }).properties ?? {};
  for (const property of Object.values(properties)) {
    const name = /^(.+?) id\b/.exec(property.description ?? '')?.[1];
    if (name) return name;
  }
  return 'Resource';
}

export const Timestamp = (description?: string) =>
  Type.String({ format: 'date-time', examples: ['2026-11-21T19:05:00.000Z'], ...(description ? { description } : {}) });

export const Metadata = Type.Record(Type.String(), Type.String({ maxLength: 500 }), {
  maxProperties: 50,
  propertyNames: { minLength: 1, maxLength: 40 },
  description: 'Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given.',
});

/** A name people read: 1..200 characters, not blank (courses, modules, lessons, students). */
export const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: '1..200 characters, not blank.' });

/** Longer markdown text of a course or module. */
export const Description = Type.String({ maxLength: 20_000, description: 'Up to 20,000 characters (markdown).' });

/**
 * A reference to a shared schema: `{"$ref": "Course#"}`, typed as the schema. Every schema with an
 * `$id` that a response uses is shared (app.addSchema in plugins/openapi.ts) and referred to this
 * way, never embedded: the serialiser resolves the reference, the document shows it as
 * `#/components/schemas/Course`, and no schema tree holds one `$id` twice (which the serialiser's
 * checker refuses). Request schemas embed theirs: the request validator resolves no references.
 */
export function Ref<T extends TSchema>(schema: T) {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new Error('Ref: the schema has no $id');
  return Type.Unsafe<Static<T>>({ $ref: `${id}#` });
}

/** The schema itself, or a reference to it when it is shared (has an `$id`). */
const named = <T extends TSchema>(schema: T) => ((schema as { $id?: unknown }).$id === undefined ? schema : Ref(schema));

/**
 * A union whose members are told apart by one property (`type`, `kind`, `status`): each member has
 * an `$id` (it is shared and referred to, so it is its own component of the OpenAPI document) and a
 * literal, or a list of literals, at that property. The `discriminator` tells OpenAPI tools which
 * member a value is. The members are shared besides the union.
 */
export function TaggedUnion<T extends TSchema>(id: string, property: string, members: T[], options: { description?: string; examples?: unknown[] } = {}) {
  const mapping: Record<string, string> = {};
  for (const member of members) {
    const { $id, properties } = member as { $id?: string; properties?: Record<string, { const?: unknown; enum?: unknown[] }> };
    const tag = properties?.[property];
    const values = tag?.const !== undefined ? [tag.const] : (tag?.enum ?? []);
    if (!$id || values.length === 0) throw new Error(`${id}: every member needs an $id and a literal ${property}`);
    for (const value of values) mapping[String(value)] = `#/components/schemas/${$id}`;
  }
  return Type.Union(members.map((member) => Ref(member)), { $id: id, discriminator: { propertyName: property, mapping }, ...options });
}

/** One problem of a request: where (a JSON pointer into the request part) and what. */
const ValidationIssue = Type.Object({
  path: Type.String({ description: 'JSON pointer to the value: `/title` in the body, `/query/per_page`, `/headers/idempotency-key`, `/records/3/email`.' }),
  message: Type.String({ description: 'What is wrong with it.' }),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * `details` of each error code that has any (docs/api.md, "Errors"); the other codes answer `{}`.
 * Codes sharing a shape share a member of the union below.
 */
const detailShapes: { name: string; codes: ErrorCode[]; details: TSchema }[] = [
  {
    name: 'ValidationErrorObject', codes: ['validation_error'],
    details: Type.Object({ errors: Type.Array(ValidationIssue, { description: 'One entry per problem, each with its pointer.' }) }),
  },
  {
    name: 'InvalidParameterErrorObject', codes: ['invalid_parameter'],
    details: Type.Object({
      parameter: Type.Optional(Type.String({ description: 'The query parameter or header at fault: `cursor`, `sort`, `from`, `lesson_id`, `Idempotency-Key`.' })),
      lesson_id: Type.Optional(Type.String({ description: 'The lesson that is not a quiz.' })),
      from: Type.Optional(Type.String()),
      to: Type.Optional(Type.String()),
    }),
  },
  {
    name: 'InsufficientPermissionsErrorObject', codes: ['insufficient_permissions'],
    details: Type.Object({
      required_scope: Type.Optional(Type.String({ description: 'The scope the key lacks.' })),
      scopes: Type.Optional(Type.Array(Type.String(), { description: 'Scopes of the target key beyond the calling key\'s own.' })),
      key_id: Type.Optional(Type.String({ description: 'The API key the call would have changed.' })),
      action: Type.Optional(Type.String({ description: 'What the call would have done to it: create, rotate or revoke.' })),
      environment: Type.Optional(Type.String({ description: 'The environment asked for, other than the calling key\'s.' })),
    }),
  },
  { name: 'PlanNotEligibleErrorObject', codes: ['plan_not_eligible'], details: Type.Object({ plan: Type.String({ description: 'The account\'s plan.' }) }) },
  {
    name: 'ResourceNotFoundErrorObject', codes: ['resource_not_found'],
    details: Type.Object({
      resource: Type.Optional(Type.String({ description: 'What was looked for: `course`, `student`, `api_key`… or `route` for a path that names nothing.' })),
      id: Type.Optional(Type.String({ description: 'The id that was not found.' })),
    }),
  },
  { name: 'MethodNotAllowedErrorObject', codes: ['method_not_allowed'], details: Type.Object({ allowed: Type.Array(Type.String(), { description: 'The methods the path takes.' }) }) },
  {
    name: 'AlreadyEnrolledErrorObject', codes: ['already_enrolled'],
    details: Type.Object({ enrollment_id: Nullable(Type.String({ description: 'The existing enrollment; null when it is an earlier record of the same bulk request that failed.' })) }),
  },
  { name: 'NotEnrolledErrorObject', codes: ['not_enrolled'], details: Type.Object({ student_id: Type.String(), course_id: Type.String() }) },
  {
    name: 'StudentExistsErrorObject', codes: ['student_exists'],
    details: Type.Object({
      student_id: Type.String({ description: 'The student that already has this email or external_id.' }),
      field: Type.Union([Type.Literal('email'), Type.Literal('external_id')]),
    }),
  },
  {
    name: 'StudentInactiveErrorObject', codes: ['student_inactive'],
    details: Type.Object({ student_id: Type.String({ description: 'The inactive student, who keeps their data but takes no new enrollment.' }) }),
  },
  {
    name: 'CourseExistsErrorObject', codes: ['course_exists'],
    details: Type.Object({
      course_id: Type.String({ description: 'The course that already has this external_id.' }),
      field: Type.Literal('external_id'),
    }),
  },
  {
    name: 'LtiRegistrationExistsErrorObject', codes: ['lti_registration_exists'],
    details: Type.Object({
      registration_id: Nullable(Type.String({ description: 'The registration that has this issuer and client_id, when it is this workspace\'s; null when it is another workspace\'s.' })),
    }),
  },
  { name: 'CourseHasEnrollmentsErrorObject', codes: ['course_has_enrollments'], details: Type.Object({ enrollment_count: Type.Integer() }) },
  { name: 'CourseNotPublishedErrorObject', codes: ['course_not_published'], details: Type.Object({ course_id: Type.String() }) },
  { name: 'IdempotencyErrorObject', codes: ['idempotency_request_in_progress', 'idempotency_key_reused'], details: Type.Object({ idempotency_key: Type.String() }) },
  { name: 'ExportNotReadyErrorObject', codes: ['export_not_ready'], details: Type.Object({ status: Type.String({ description: 'The export\'s status: queued, running or failed.' }) }) },
  { name: 'ApiKeyRevokedErrorObject', codes: ['api_key_revoked'], details: Type.Object({ key_id: Type.String({ description: 'The revoked API key, which cannot be rotated.' }) }) },
  { name: 'ExportExpiredErrorObject', codes: ['export_expired'], details: Type.Object({ expired_at: Nullable(Type.String({ description: 'When its file was removed.' })) }) },
  {
    name: 'PreconditionFailedErrorObject', codes: ['precondition_failed'],
    details: Type.Object({
      etag: Type.Optional(Type.String({ description: 'The resource\'s current ETag; absent when there is no resource (an upsert with If-Match).' })),
    }),
  },
  {
    name: 'RateLimitExceededErrorObject', codes: ['rate_limit_exceeded'],
    details: Type.Object({
      limit: Type.Union(['hourly', 'burst', 'export', 'bulk', 'search', 'imports', 'auth_failures'].map((l) => Type.Literal(l)), {
        description: 'The budget that refused the request (docs/rate-limits.md).',
      }),
    }),
  },
];

/** The codes whose `details` is `{}`: every code of the closed list without a shape above. */
const plainCodes = errorCodes.filter((code) => !detailShapes.some((shape) => shape.codes.includes(code)));

/**
 * One member of the error union: the codes of one shape, their `details`, and (`envelope`) what
 * only a response carries (request_id, retry_after). Each code is in exactly one member, so a
 * client (and the serialiser) tells the members apart by `code` alone.
 */
function errorMember(envelope: boolean, codes: readonly ErrorCode[], details: TSchema, options: { $id?: string; description: string }) {
  const limited = codes.includes('rate_limit_exceeded');
  const retryAfter = Type.Integer({ minimum: 0, description: 'Whole seconds to wait, as in Retry-After.' });
  return Type.Object(
    {
      code: Type.Unsafe<ErrorCode>({ type: 'string', enum: codes, description: 'Machine-readable, from the closed list (docs/api.md, "Errors").' }),
      message: Type.String({ description: 'What went wrong, for a person; may change between versions.' }),
      details,
      ...(envelope && {
        request_id: Type.String({ description: 'The X-Request-Id of this response: quote it when asking for help.' }),
        ...(limited && { retry_after: retryAfter }),
      }),
    },
    { ...(options.$id && { title: options.$id }), ...options },
  );
}

const plainDetails = () => Type.Object({}, { description: 'No details: `{}`.' });
const shapeDescription = (codes: readonly ErrorCode[]) => `The error of ${codes.map((code) => `\`${code}\``).join(' and ')}, with its details.`;

/**
 * The error of a response, one member per shape of `details` (plus one for the codes without),
 * each its own component (`ValidationErrorObject`, `RateLimitExceededErrorObject`…), told apart by
 * `code`: a client narrows `details` by checking `code`.
 */
const errorMembers = [
  ...detailShapes.map(({ name, codes, details }) => errorMember(true, codes, details, { $id: name, description: shapeDescription(codes) })),
  errorMember(true, plainCodes, plainDetails(), { $id: 'PlainErrorObject', description: 'The error of every code that carries no details.' }),
];
export const ErrorObject = TaggedUnion('ErrorObject', 'code', errorMembers, {
  description: 'The error: `code` from the closed list (docs/api.md, "Errors"), `details` in the shape of its code.',
});

/**
 * The error envelope of every failure (docs/api.md, "Errors"): `code` is one of the closed list
 * (src/shared/errors.ts), `details` has the fields of its code. `$ref: 'ErrorResponse#'` in responses.
 */
export const ErrorResponse = Type.Object(
  { error: Ref(ErrorObject) },
  {
    $id: 'ErrorResponse',
    title: 'ErrorResponse',
    description: 'The body of every error answer.',
    examples: [
      {
        error: {
          code: 'validation_error',
          message: 'Invalid body: /title is required',
          details: { errors: [{ path: '/title', message: 'is required' }] },
          request_id: 'req_01jd4z3k9q8x7v6b5n4m3c2x1z',
        },
      },
    ],
  },
);

/**
 * The error of one failed bulk record, as the single create would have answered, without
 * request_id (the response has one): a union by `code` of the shapes of `codes`.
 */
export function RecordError(codes: readonly ErrorCode[]) {
  const members = detailShapes
    .map(({ codes: shapeCodes, details }) => ({ codes: shapeCodes.filter((code) => codes.includes(code)), details }))
    .concat([{ codes: plainCodes.filter((code) => codes.includes(code)), details: plainDetails() }])
    .filter((shape) => shape.codes.length > 0)
    .map(({ codes: memberCodes, details }) => errorMember(false, memberCodes, details, { description: shapeDescription(memberCodes) }));
  return members.length === 1 ? members[0]! : Type.Union(members, { description: 'Why this record failed, by `code`.' });
}

/** What each error status means for every route that may answer it. */
const errorDescriptions: Record<number, string> = {
  400: 'The request is malformed: `validation_error` (with `details.errors`), `invalid_json`, `invalid_parameter` or `conflicting_credentials`.',
  401: 'No API key (`missing_api_key`), or one that is unknown, malformed, expired or revoked (`invalid_api_key`).',
  403: 'The key lacks the scope (`insufficient_permissions`), the plan has no API access (`plan_not_eligible`), or HTTPS is required (`https_required`).',
  404: 'No such resource in this workspace (`resource_not_found`): also the answer for another workspace\'s id or a malformed one.',
  409: 'The request conflicts with the state of a resource, or a request with the same Idempotency-Key is still running (`idempotency_request_in_progress`).',
  410: 'The export\'s file has been removed (`export_expired`).',
  412: 'A condition of the request does not hold (`precondition_failed`): If-Match does not match the current ETag (read the resource again), or an upsert\'s If-Match or If-None-Match does not.',
  413: 'The body is larger than the route takes (`payload_too_large`).',
  415: 'The body is of a media type the operation does not take (`unsupported_media_type`): `application/json`, or the types its request body lists.',
  422: 'This Idempotency-Key was used with a different request (`idempotency_key_reused`).',
  431: 'The request headers are larger than 16 KiB (`headers_too_large`), answered before the request is read.',
  429: 'A rate-limit budget is spent (`rate_limit_exceeded`): retry after `Retry-After` seconds.',
  500: 'A bug on our side (`internal_error`); the request id identifies it in our logs.',
  503: 'The database is unavailable for a moment or the process is shutting down (`service_unavailable`): retry after `Retry-After` seconds.',
};

/** The shared error envelope as a route's response for one status, described for that status. */
export const errorRef = (status: number) => ({ $ref: 'ErrorResponse#', description: errorDescriptions[status] ?? 'An error.' }) as unknown as TSchema;

/** Error statuses every authenticated API route can answer. */
const commonErrors = {
  400: errorRef(400),
  401: errorRef(401),
  403: errorRef(403),
  429: errorRef(429),
  431: errorRef(431),
  500: errorRef(500),
  503: errorRef(503),
} as const;

/** Route responses: the given success schemas plus the shared error envelope for each listed status. */
export function responses<T extends Record<number, TSchema>>(success: T, ...extraErrors: number[]) {
  const errors: Record<number, TSchema> = { ...commonErrors };
  for (const status of extraErrors) errors[status] = errorRef(status);
  return { ...errors, ...success } as T & typeof commonErrors;
}

/** Paging parameters of every list (docs/api.md, "Pagination"). */
export const PageQueryFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, description: 'Page number, 1-based (page mode).' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Records per page, 1..100 (default 20).' })),
  cursor: Type.Optional(
    Type.String({ maxLength: 512, description: 'Cursor mode: `next_cursor` of the previous page; empty to start from the beginning.' }),
  ),
};

/** Query parameters every list of records that change takes: paging and incremental sync. */
export const ListQueryFields = {
  ...PageQueryFields,
  updated_since: Type.Optional(Timestamp('Only records updated at or after this time.')),
};

/** `pagination` of a list in page mode (the default): totals, and the cursor to switch to cursor mode. */
export const PagePagination = Type.Object(
  {
    page: Type.Integer({ minimum: 1, description: 'This page, 1-based.' }),
    per_page: Type.Integer({ minimum: 1, maximum: 100 }),
    total: Type.Integer({ minimum: 0, description: 'Number of matching records.' }),
    total_pages: Type.Integer({ minimum: 0, description: 'Number of pages.' }),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the record after this page, to go on in cursor mode; null at the end (always null for search).' }),
  },
  { $id: 'PagePagination', title: 'PagePagination', description: 'Page mode (`page`, `per_page`): with totals.' },
);

/** `pagination` of a list in cursor mode (`cursor` given): no totals, so a deep page costs what the first costs. */
export const CursorPagination = Type.Object(
  {
    per_page: Type.Integer({ minimum: 1, maximum: 100 }),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass it as `cursor` for the next page; null at the end.' }),
    has_more: Type.Boolean({ description: 'Whether another page follows.' }),
  },
  { $id: 'CursorPagination', title: 'CursorPagination', description: 'Cursor mode (`cursor`, `per_page`): no totals.' },
);

type Options = { description?: string; examples?: unknown[] };

/** A list in either mode: page mode answers PagePagination, cursor mode CursorPagination. */
export const ListOf = <T extends TSchema>(item: T, options: Options = {}) =>
  Type.Object(
    {
      data: Type.Array(named(item)),
      pagination: Type.Union([Ref(PagePagination), Ref(CursorPagination)], { description: 'PagePagination in page mode, CursorPagination in cursor mode.' }),
    },
    { description: 'A page of the list. `Link` has the next page (and in page mode prev, first, last).', ...options },
  );

/** A list that has page mode only (search, in relevance order). */
export const PageListOf = <T extends TSchema>(item: T, options: Options = {}) =>
  Type.Object({ data: Type.Array(named(item)), pagination: Ref(PagePagination) }, { description: 'A page of the results, best first.', ...options });

export const DataOf = <T extends TSchema>(item: T, options: Options = {}) => Type.Object({ data: named(item) }, options);

export const Deleted = (prefix: IdPrefix, options: Options = {}) =>
  Type.Object(
    { data: Type.Object({ id: Id(prefix), deleted: Type.Literal(true) }) },
    { description: 'The resource is gone.', examples: [{ data: { id: `${prefix}_01jd4z3k9q8x7v6b5n4m3c2x1z`, deleted: true } }], ...options },
  );

/**
 * The body of a bulk create as documented. The route validates only the envelope (BulkBody in
 * bulk.ts); each record is checked on its own against the single create's body, so a malformed one
 * fails alone (207) instead of failing the request. The document says so: a record is the single
 * create's body (`anyOf` first, so generated clients type it) or any other object, which a
 * validating proxy must let through for the server to answer it in the 207.
 */
export const BulkRequest = <T extends TSchema>(record: T, examples: unknown[]) => {
  const name = (record as { $id?: unknown }).$id;
  if (typeof name !== 'string') throw new Error('BulkRequest: the record schema has no $id');
  const other = Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    description: `Any other object: accepted with the request, and answered in the 207 as this record's \`validation_error\` (details.errors point into the record).`,
  });
  return Type.Object(
    {
      records: Type.Array(
        Type.Union([record, other], {
          description: `A record: the body of the single create (\`${name}\`). One that does not fit fails on its own, the others are still created.`,
        }),
        {
          minItems: 1,
          maxItems: BULK_MAX,
          description: `1..${BULK_MAX} records, each as for the single create. A record that does not fit fails on its own (its result is a validation_error); the others are created.`,
        },
      ),
    },
    { additionalProperties: false, examples },
  );
};

/**
 * The answers of a bulk create, 201 (every record created) and 207 (some failed): one result per
 * record, in request order, told apart by `status`. `name` names the components
 * (`StudentBulkResult`, `StudentBulkCreated`, `StudentBulkError`).
 */
export function BulkResults<T extends TSchema>(name: string, item: T, codes: readonly ErrorCode[], examples: { created: unknown; mixed: unknown }) {
  const index = Type.Integer({ minimum: 0, description: 'Position of the record in the request.' });
  const Created = Type.Object(
    { index, status: Type.Literal('created'), data: named(item) },
    { $id: `${name}BulkCreated`, title: `${name}BulkCreated`, description: 'The record was created: `data` is the new resource.' },
  );
  const Failed = Type.Object(
    { index, status: Type.Literal('error'), error: RecordError(codes) },
    { $id: `${name}BulkError`, title: `${name}BulkError`, description: 'The record failed and nothing of it was written.' },
  );
  const Result = TaggedUnion(`${name}BulkResult`, 'status', [Created, Failed], { description: 'The outcome of one record.' });
  const answer = (description: string, example: unknown) =>
    Type.Object({ data: Type.Array(Ref(Result), { description: 'One result per record, in request order.' }) }, { description, examples: [example] });
  return {
    responses: {
      201: answer('Every record was created: one result per record, in request order.', examples.created),
      207: answer(
        'Some records failed, each on its own; the others were created. One result per record, in request order: a failed one has ' +
          `\`status: "error"\` and the error the single create would have answered (${codes.map((code) => `\`${code}\``).join(', ')}), without request_id.`,
        examples.mixed,
      ),
    },
    /** To share (app.addSchema). */
    schemas: [Created, Failed, Result],
  };
}

/** A copy of a schema with examples, for the document (documentedBody): the same constraints. */
export const withExamples = <T extends TSchema>(schema: T, examples: unknown[]): T => ({ ...schema, examples });

/** The shared schemas of this file (app.addSchema in plugins/openapi.ts). */
export const sharedSchemas: TSchema[] = [...errorMembers, ErrorObject, ErrorResponse, PagePagination, CursorPagination];

export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(Type.String({ description: 'ETag of the version you read; the update fails with 412 if it changed.' })),
});

/** The conditions of an upsert (PUT …/by-external-id/{external_id}). */
export const UpsertHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({ description: '`*`: only update, 412 when no object has this external id. An ETag: only update that version (412 otherwise).' }),
  ),
  'if-none-match': Type.Optional(Type.String({ description: '`*`: only create, 412 when an object has this external id.' })),
});

/** Stored metadata (JSON text) as the wire object; most rows have none. */
export function parseMetadata(text: string): Record<string, string> {
  return text === '{}' ? {} : (JSON.parse(text) as Record<string, string>);
}
