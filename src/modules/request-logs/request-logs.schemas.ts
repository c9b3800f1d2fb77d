import { type Static, Type } from 'typebox';
import { Id, ListOf, PageQueryFields, Timestamp } from '../../shared/schemas.js';

const exampleLog = {
  request_id: 'req_01jd4z3k9q8x7v6b5n4m3c2x1z',
  key_id: 'key_01jd4z3t0v1w2x3y4z5a6b7c8d',
  key_name: 'LMS sync',
  method: 'GET',
  route: '/api/v1/courses/:id',
  status: 404,
  error_code: 'resource_not_found',
  latency_ms: 3,
  created_at: '2026-11-22T10:00:00.000Z',
};

export const RequestLog = Type.Object(
  {
    request_id: Id('req', 'The request\'s X-Request-Id (and `error.request_id` of its answer).'),
    key_id: Id('key', 'The API key that made the request: a valid one, or one refused as revoked, expired or rotated out.'),
    key_name: Type.Union([Type.String(), Type.Null()], { description: 'The key\'s current name; null when the key no longer exists.' }),
    method: Type.String({ description: 'HTTP method.' }),
    route: Type.String({
      description: 'The route pattern (`/api/v1/courses/:id`): never the ids, query or body of the request. `unmatched` for a request that matched no route (404 of an unknown path, 405).',
    }),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    error_code: Type.Union([Type.String(), Type.Null()], { description: '`error.code` of the answer.' }),
    latency_ms: Type.Integer({ minimum: 0, description: 'Time from the request\'s arrival to its answer, in whole milliseconds.' }),
    created_at: Timestamp('When the request was answered.'),
  },
  {
    $id: 'RequestLog',
    title: 'RequestLog',
    description:
      'A failed API request (4xx or 5xx) made with a key of the workspace, kept 7 days: also an unknown route\'s 404 and the 401 of a revoked or expired key. Headers, bodies and keys are never recorded.',
    examples: [exampleLog],
  },
);
export type RequestLog = Static<typeof RequestLog>;

export const ListRequestLogsQuery = Type.Object(
  {
    ...PageQueryFields,
    status: Type.Optional(Type.String({ pattern: '^[45]([0-9]{2}|xx)$', description: 'Only this status (`404`) or class (`4xx`, `5xx`).', examples: ['404'] })),
    request_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only the request with this id (`req_…`), as an error\'s `request_id` names it.' })),
    key_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only requests of this key.' })),
  },
  { additionalProperties: false },
);
export type ListRequestLogsQuery = Static<typeof ListRequestLogsQuery>;

/** Shared (app.addSchema in plugins/openapi.ts). */
export const requestLogSchemas = [RequestLog];

export const RequestLogListResponse = ListOf(RequestLog, {
  examples: [{ data: [exampleLog], pagination: { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null } }],
});
