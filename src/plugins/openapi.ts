import fs from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type TSchema, Type } from 'typebox';
import { eventTypes } from '../modules/events/event-types.js';
import { analyticsSchemas } from '../modules/analytics/analytics.schemas.js';
import { apiKeySchemas } from '../modules/api-keys/api-keys.schemas.js';
import { courseSchemas } from '../modules/courses/courses.schemas.js';
import { enrollmentSchemas } from '../modules/enrollments/enrollments.schemas.js';
import { eventSchemaName, eventSchemas } from '../modules/events/events.schemas.js';
import { exportSchemas } from '../modules/exports/exports.schemas.js';
import { lessonSchemas } from '../modules/lessons/lessons.schemas.js';
import { gradeSendSchemas } from '../modules/lti/grade-sends.schemas.js';
import { importSchemas } from '../modules/imports/imports.schemas.js';
import { ltiRegistrationSchemas } from '../modules/lti/lti-registrations.schemas.js';
import { moduleSchemas } from '../modules/modules/modules.schemas.js';
import { progressSchemas } from '../modules/progress/progress.schemas.js';
import { quizAttemptSchemas } from '../modules/quiz-attempts/quiz-attempts.schemas.js';
import { rateLimitSchemas } from '../modules/rate-limits/rate-limits.schemas.js';
import { requestLogSchemas } from '../modules/request-logs/request-logs.schemas.js';
import { studentSchemas } from '../modules/students/students.schemas.js';
import { usageSchemas } from '../modules/usage/usage.schemas.js';
import { webhookSchemas } from '../modules/webhooks/webhooks.schemas.js';
import { MAX_KEY_LENGTH } from '../modules/idempotency/idempotency.service.js';
import { planLimits } from '../modules/rate-limits/policies.js';
import { errorRef, sharedSchemas } from '../shared/schemas.js';
import { API_PREFIX } from './auth.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The body as the document shows it, when the route validates (some of) it itself: each bulk
     * record on its own, a rotate action's optional body. The schema is the one the handler checks.
     */
    documentedBody?: TSchema;
    /** false: the body may be left out (an action's optional body). */
    bodyRequired?: boolean;
    /** Headers the route sets on its success answers besides the ones every answer carries. */
    responseHeaders?: readonly ('ETag' | 'Location' | 'Content-Disposition' | 'Lectern-Upsert')[];
  }
}

/** The address and port `npm start` listens on without HOST and PORT (config.ts; test/http/openapi-precision.test.ts holds them equal). */
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 3000;

const packageJson = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string; license: string };

/**
 * The OpenAPI 3.1 document, generated from the same TypeBox schemas that validate requests
 * and serialise responses; served at /api/v1/openapi.json with a reference UI at /docs.
 * Schemas with an `$id` become components (`#/components/schemas/<$id>`); what the plugins do for
 * every route (scopes, rate limits, idempotency, request ids) is declared here, once.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    // Every schema with an $id that a response refers to (shared/schemas.ts, Ref): the serialiser
    // resolves the references, and each becomes a component of the document.
    const shared = [
      ...sharedSchemas,
      ...courseSchemas,
      ...moduleSchemas,
      ...lessonSchemas,
      ...studentSchemas,
      ...enrollmentSchemas,
      ...progressSchemas,
      ...quizAttemptSchemas,
      ...exportSchemas,
      ...analyticsSchemas,
      ...apiKeySchemas,
      ...rateLimitSchemas,
      ...webhookSchemas,
      ...eventSchemas,
      ...usageSchemas,
      ...requestLogSchemas,
      ...ltiRegistrationSchemas,
      ...gradeSendSchemas,
      ...importSchemas,
    ];
    for (const schema of shared) app.addSchema(schema);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Lectern API',
          version: packageJson.version,
          description:
            'Course-authoring API: courses, modules, lessons, students, enrollments, progress and analytics. ' +
            'Every /api/v1 request carries an API key (`Authorization: Bearer <key>` or `X-API-Key: <key>`). ' +
            'Each operation names the scope its key needs, in its description and as `x-required-scope` (a `write` scope also grants its `read`; ' +
            '`null` means any valid key), and the rate-limit budgets it spends. ' +
            'Every POST takes an `Idempotency-Key`. Conventions (envelopes, errors, pagination, idempotency) are in docs/api.md; ' +
            'the events sent to webhook endpoints are under `webhooks`.',
          license: { name: 'Apache 2.0', identifier: packageJson.license },
          contact: { name: 'The Lectern maintainers' },
        },
        servers: [
          {
            url: 'http://{host}:{port}',
            description:
              `The Lectern you run: \`npm start\` listens on http://${DEFAULT_HOST}:${DEFAULT_PORT} unless HOST and PORT say otherwise (the paths carry /api/v1). ` +
              'In production it is served over HTTPS, with TLS terminated by a proxy in front (TRUST_PROXY) or by Lectern itself (TLS_CERT_FILE): ' +
              'use `https://` and your own host there; plain-HTTP API requests then answer 403 `https_required`.',
            variables: {
              host: { default: DEFAULT_HOST, description: 'The address or name Lectern is reached at (HOST).' },
              port: { default: String(DEFAULT_PORT), description: 'Its port (PORT).' },
            },
          },
        ],
        tags: [
          { name: 'courses', description: 'Courses and their publication state' },
          { name: 'modules', description: 'Ordered sections of a course' },
          { name: 'lessons', description: 'Ordered lessons of a module: text, video, quiz, assignment' },
          { name: 'students', description: 'Learners of a workspace' },
          { name: 'enrollments', description: 'Students in courses' },
          { name: 'progress', description: 'Lesson activity and quiz attempts' },
          { name: 'search', description: 'Ranked full-text search of courses, lessons and students' },
          { name: 'imports', description: 'Roster imports of students and enrollments from CSV, NDJSON or zip files, with dry runs and full syncs (docs/imports.md)' },
          { name: 'exports', description: 'Course exports (json, IMS Common Cartridge 1.1) built in the background, and imports' },
          { name: 'analytics', description: 'Course, student and quiz figures, exact, over a period (docs/analytics.md)' },
          { name: 'api-keys', description: 'Keys of the calling key\'s account and environment' },
          { name: 'rate-limits', description: 'The calling key\'s rate-limit budgets (docs/rate-limits.md)' },
          { name: 'webhooks', description: 'Endpoints that receive signed events, and their deliveries (docs/webhooks.md)' },
          { name: 'events', description: 'The event log of the last 30 days: the polling fallback to webhooks' },
          { name: 'usage', description: 'API requests per hour or day, by key and status class' },
          { name: 'request-logs', description: 'The workspace\'s failed requests of the last 7 days, by request id' },
          { name: 'lti', description: 'LTI 1.3: the LMS platforms a workspace accepts launches from, one-time Dynamic Registration links, and the tool\'s public keys (docs/lti.md)' },
          { name: 'operations', description: 'Health, readiness, metrics and this OpenAPI document (no key needed)' },
        ],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer lct_prod_…' },
            apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'X-API-Key: lct_prod_… (the same key as for Bearer)' },
          },
        },
        security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
      },
      transform: ({ schema, url, route }) => ({ schema: documented(schema, url, route), url }),
      transformObject: (document) => completed((document as unknown as { openapiObject: OpenApiDocument }).openapiObject) as never,
      // Schemas with an $id keep it as their component name ("Course") instead of def-0.
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/api/v1/openapi.json' } });
    app.get(
      '/api/v1/openapi.json',
      {
        config: { public: true },
        schema: {
          tags: ['operations'],
          operationId: 'getOpenApiDocument',
          summary: 'This OpenAPI document',
          description:
            'The OpenAPI 3.1 document of the API, generated from the schemas the server validates with (the same as docs/openapi.json of its version). ' +
            'Public: no key is needed and it spends no rate-limit budget. The reference UI at /docs reads it.',
          security: [],
          response: { 200: OpenApiDocumentSchema, 431: errorRef(431) },
        },
      },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);

/**
 * The answer of GET /api/v1/openapi.json: an OpenAPI 3.1 document, described by its top-level
 * fields only (the serialiser writes every other field as it is).
 */
const OpenApiDocumentSchema = Type.Object(
  {
    openapi: Type.String({ description: 'The OpenAPI version: `3.1.0`.' }),
    info: Type.Object({ title: Type.String(), version: Type.String({ description: 'The version of Lectern serving it.' }) }, { additionalProperties: true }),
    paths: Type.Object({}, { additionalProperties: true, description: 'The operations, by path.' }),
  },
  {
    additionalProperties: true,
    description: 'The OpenAPI 3.1 document (see the OpenAPI Specification for its fields).',
    examples: [{ openapi: '3.1.0', info: { title: 'Lectern API', version: packageJson.version }, paths: { '/api/v1/courses': {} } }],
  },
);

/** What `documented` leaves in an operation for `completed` (removed from the document there). */
interface Marks {
  /** The request body's component name (its schema's $id). */
  bodyComponent?: string;
  optionalBody?: boolean;
  /** A POST of the API: takes Idempotency-Key, may answer a replay. */
  idempotent?: boolean;
  /** The route sends a key's budget headers. */
  keyed?: boolean;
  headers?: readonly string[];
}

const MARKS = 'x-lectern-marks';

/**
 * One route's operation as documented: the documented body in place of the validated one,
 * `x-required-scope` and a description that ends with the scope and rate-limit budgets it needs
 * (the scope is the one the auth plugin checks; clients and the scope-matrix test read the
 * extension, they never guess from the path). Public operations carry no extension.
 */
function documented(schema: FastifySchema, url: string, route: RouteOptions): FastifySchema {
  if (!schema) return schema;
  const { documentedBody, bodyRequired, responseHeaders, ...rest } = schema;
  const out: FastifySchema & Record<string, unknown> = { ...rest };
  if (documentedBody) out.body = documentedBody;
  const methods = [route.method].flat();
  const api = url.startsWith(API_PREFIX) && !route.config?.public;
  const marks: Marks = {
    ...(typeof (out.body as { $id?: unknown } | undefined)?.$id === 'string' && { bodyComponent: (out.body as { $id: string }).$id }),
    ...(bodyRequired === false && { optionalBody: true }),
    ...(api && methods.includes('POST') && { idempotent: true }),
    ...(api && { keyed: true }),
    ...(responseHeaders && { headers: responseHeaders }),
  };
  out[MARKS] = marks;
  if (!api) return out;
  const scope = route.config?.scope ?? null;
  const scopeSentence = scope
    ? `Requires scope \`${scope}\`${scope.endsWith(':read') ? ` (or \`${scope.replace(/:read$/, ':write')}\`)` : ''}.`
    : 'Any valid API key may call it; no scope is needed.';
  const sentences = [scopeSentence, budgetSentence(route.config?.rateLimit)];
  const description = typeof out.description === 'string' ? `${out.description}\n\n${sentences.join(' ')}` : sentences.join(' ');
  // @fastify/swagger copies an operation schema's `x-` keys into the operation.
  return { ...out, description, 'x-required-scope': scope, 'x-rate-limit-budgets': budgetsOf(route.config?.rateLimit) } as FastifySchema;
}

type Budget = RouteOptions['config'] extends infer C ? (C extends { rateLimit?: infer B } ? B : never) : never;

function budgetsOf(group: Budget | undefined): string[] {
  if (group === 'free') return [];
  return ['hourly', 'burst', ...(group ? [group] : [])];
}

/** The rate-limit budgets an operation spends, in words (docs/rate-limits.md). */
function budgetSentence(group: Budget | undefined): string {
  if (group === 'free') return 'Rate limits: spends none of the key\'s budgets.';
  const base = 'Rate limits: one request against the key\'s hourly quota and burst bucket';
  if (!group) return `${base}.`;
  const { professional } = planLimits;
  // The imports window is the same on every plan; the others an account may set (lectern account set-plan).
  const whose = group === 'imports' ? 'on every plan' : 'unless the account sets its own';
  return `${base}, and one against its \`${group}\` window (${professional[group]} an hour ${whose}).`;
}

interface ResponseObject {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: { properties?: Record<string, unknown>; title?: unknown; $ref?: string } }>;
}
interface OperationObject {
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, ResponseObject>;
  [MARKS]?: Marks;
}
interface OpenApiDocument {
  components?: Record<string, Record<string, unknown>>;
  paths?: Record<string, Record<string, OperationObject>>;
  webhooks?: Record<string, unknown>;
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });
const stringHeader = (description: string, schema: Record<string, unknown> = {}) => ({ description, schema: { type: 'string', ...schema } });

/** The budget headers (docs/rate-limits.md) on every response of every keyed operation. */
const rateLimitHeaders = {
  'X-RateLimit-Limit': integerHeader('The key\'s hourly quota.'),
  'X-RateLimit-Remaining': integerHeader(
    'Requests left in the sliding hourly window (with RATE_LIMIT_MODE=leases: low by at most the other processes\' unspent leases, docs/rate-limits.md).',
  ),
  'X-RateLimit-Reset': integerHeader('Unix seconds when the oldest request counted in the hourly window stops counting.'),
  'RateLimit-Policy': stringHeader('IETF draft: every budget of the route, e.g. `"hourly";q=1000;w=3600, "burst";q=100;w=60`.'),
  RateLimit: stringHeader('IETF draft: remaining `r` and seconds to reset `t` per budget, e.g. `"hourly";r=999;t=3660, "burst";r=99;t=1`.'),
};

const headers = {
  ...rateLimitHeaders,
  'Retry-After': integerHeader(
    'Whole seconds to wait. On 429: after that long the same request succeeds if nothing else spends the budgets. On 503: when the database is away (1 second).',
  ),
  'X-Request-Id': stringHeader('The id of this request (`req_…`), also the `request_id` of an error: quote it when asking for help.', { pattern: '^req_[0-9a-z]{26}$' }),
  ETag: stringHeader('The version of the resource (a strong ETag): send it back as If-Match to update only that version. Not sent on an idempotent replay.'),
  Link: stringHeader('Other pages of the list (RFC 8288), as GitHub sends them: `rel="next"`, and in page mode `prev`, `first` and `last`. Absent when there are none.'),
  Location: stringHeader('The URL of what the request made: the export job or the import (GET it to follow it), or the object an upsert created (only with 201).'),
  'Lectern-Upsert': stringHeader('What the upsert did: `created` (201), `updated` or `unchanged` (200; an unchanged object keeps its updated_at).', {
    enum: ['created', 'updated', 'unchanged'],
  }),
  'Content-Disposition': stringHeader(
    'Always `attachment`, with the file\'s name: `<course id>-<export id>.<json, imscc or zip>`, e.g. `attachment; filename="crs_01jd4z3k9q8x7v6b5n4m3c2x1z-exp_01jd4z3x9y0z1a2b3c4d5e6f7g.imscc"`.',
    { pattern: '^attachment; filename="[^"]+"$' },
  ),
  'Idempotent-Replayed': stringHeader('`true` when this answer replays the stored one of an earlier request with the same Idempotency-Key.', { enum: ['true'] }),
  'WWW-Authenticate': stringHeader('`Bearer realm="lectern"`, with `error="invalid_token"` when a key was sent and refused (RFC 6750).'),
};

const parameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; ' +
      'the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.',
    schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
    example: '3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34',
  },
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/**
 * The document completed with what every route shares: response headers, the Idempotency-Key
 * parameter, request bodies as components, and the webhooks section.
 */
function completed(document: OpenApiDocument): OpenApiDocument {
  const components = (document.components ??= {});
  components.headers = headers;
  components.parameters = parameters;
  const schemas = (components.schemas ??= {});
  const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item));
  // Request bodies first: an answer may be one of them (below).
  for (const operation of operations) {
    const marks = operation[MARKS] ?? {};
    const media = operation.requestBody?.content?.['application/json'];
    if (marks.bodyComponent && media?.schema) {
      schemas[marks.bodyComponent] ??= media.schema;
      media.schema = ref('schemas', marks.bodyComponent);
    }
    if (marks.optionalBody && operation.requestBody) operation.requestBody.required = false;
    if (marks.idempotent) operation.parameters = [...(operation.parameters ?? []), ref('parameters', 'IdempotencyKey')];
  }
  for (const operation of operations) {
    const marks = operation[MARKS] ?? {};
    delete operation[MARKS];
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      response.headers = { ...response.headers, ...responseHeaders(status, response, marks) };
      // An answer that is also a request body (the json export, which import reads): its component.
      for (const media of Object.values(response.content ?? {})) {
        const title = media.schema?.title;
        if (typeof title === 'string' && (schemas[title] as { title?: unknown } | undefined)?.title === title) media.schema = ref('schemas', title);
      }
    }
  }
  shareErrorAnswers(operations, (components.responses ??= {}));
  document.webhooks = webhooks();
  return document;
}

const statusNames: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '410': 'Gone',
  '412': 'PreconditionFailed',
  '413': 'PayloadTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'UnprocessableEntity',
  '429': 'TooManyRequests',
  '431': 'HeadersTooLarge',
  '500': 'InternalError',
  '503': 'ServiceUnavailable',
};

/**
 * Error answers as components (`#/components/responses/NotFound`): the same few dozen answers
 * (status, description, ErrorResponse, headers) recur on every operation, and written out in each
 * they were half of the document. An answer differs only by the headers its operation sends: a
 * POST's carry Idempotent-Replayed (`…OnPost`), an operation without a key carries no budgets
 * (`…WithoutKey`).
 */
function shareErrorAnswers(operations: OperationObject[], responses: Record<string, unknown>) {
  const names = new Map<string, string>();
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const base = statusNames[status];
      if (!base || response.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ErrorResponse') continue;
      const key = JSON.stringify(response);
      let name = names.get(key);
      if (!name) {
        const variant = (response.headers?.['Idempotent-Replayed'] ? 'OnPost' : '') + (response.headers?.['X-RateLimit-Limit'] || ['401', '431', '503'].includes(status) ? '' : 'WithoutKey');
        name = `${base}${variant}`;
        for (let n = 2; name in responses; n++) name = `${base}${variant}${n}`;
        names.set(key, name);
        responses[name] = response;
      }
      (operation.responses as Record<string, unknown>)[status] = ref('responses', name);
    }
  }
}

function responseHeaders(status: string, response: ResponseObject, marks: Marks): Record<string, unknown> {
  const names: string[] = ['X-Request-Id'];
  const success = status.startsWith('2');
  // Answered before a key's budgets are looked at: 401 (no key recognised), 431 (headers too large
  // to read), 503 (the database is away, or the process shuts down).
  if (marks.keyed && !['401', '431', '503'].includes(status)) names.push(...Object.keys(rateLimitHeaders));
  if (status === '429' || status === '503') names.push('Retry-After');
  if (status === '401') names.push('WWW-Authenticate');
  if (success && response.content?.['application/json']?.schema?.properties?.pagination) names.push('Link');
  if (success) names.push(...(marks.headers ?? []));
  if (marks.idempotent && !['401', '431'].includes(status)) names.push('Idempotent-Replayed');
  return Object.fromEntries(names.map((name) => [name, ref('headers', name)]));
}

/** The deliveries a webhook endpoint receives: one POST per event type, signed (docs/webhooks.md). */
function webhooks(): Record<string, unknown> {
  const signatureHeaders = [
    { name: 'webhook-id', description: 'The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it.' },
    { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was signed.' },
    {
      name: 'webhook-signature',
      description: '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint\'s secret (Standard Webhooks); two, space-separated, during a secret rotation.',
    },
  ].map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));
  return Object.fromEntries(
    eventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `on${eventSchemaName(type).replace(/Event$/, '')}`,
          summary: `The \`${type}\` event`,
          description:
            `Sent to every enabled endpoint subscribed to \`${type}\`${type === 'webhook_endpoint.test' ? ' (here: only the endpoint tested)' : ''}, ` +
            'signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.',
          tags: ['webhooks'],
          security: [],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            description: 'The event, as GET /events/{id} answers it.',
            content: { 'application/json': { schema: ref('schemas', eventSchemaName(type)) } },
          },
          responses: {
            '2XX': { description: 'Acknowledged: the delivery succeeded. The body is ignored.' },
            default: { description: 'Any other status (or none within the timeout) fails the attempt; it is retried later.' },
          },
        },
      },
    ]),
  );
}
