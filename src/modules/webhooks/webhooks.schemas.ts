import { type Static, Type } from 'typebox';
import { DataOf, Deleted, Id, ListOf, PageQueryFields, PathId, Ref, Timestamp } from '../../shared/schemas.js';
import { eventTypes, subscribableEventTypes } from '../events/event-types.js';

const Url = Type.String({
  minLength: 1,
  maxLength: 2_048,
  description:
    'Where deliveries are POSTed: https in production; never a loopback, private, link-local or metadata address (checked at creation and again at every delivery).',
});

const EventList = Type.Array(Type.Enum(['*', ...subscribableEventTypes]), {
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  description: 'Event types to receive, or `["*"]` for all.',
});

const EndpointDescription = Type.String({ maxLength: 500, description: 'A note of your own, up to 500 characters.' });

export const exampleEndpoint = {
  id: 'whe_01jd4z3v3w4x5y6z7a8b9c0d1e',
  url: 'https://lms.example.com/webhooks/lectern',
  description: 'LMS sync',
  events: ['student.enrolled', 'student.completed_course'],
  enabled: true,
  disabled_reason: null,
  secret_hint: 'whsec_5lnO…eaA=',
  previous_secret_hint: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-21T19:20:00.000Z',
  updated_at: '2026-11-21T19:20:00.000Z',
};

export const WebhookEndpoint = Type.Object(
  {
    id: Id('whe'),
    url: Type.String(),
    description: Type.String(),
    // Typed as the service maps rows (string[]); the document lists the types.
    events: Type.Unsafe<string[]>(Type.Array(Type.Enum(['*', ...subscribableEventTypes]), { description: 'Event types it receives, or `["*"]` for all.' })),
    enabled: Type.Boolean({ description: 'A disabled endpoint receives nothing.' }),
    disabled_reason: Type.Union([Type.Literal('failing'), Type.Null()], {
      description: '`failing` when Lectern disabled it after 5 days of failed deliveries; null otherwise.',
    }),
    secret_hint: Type.String({ description: 'The signing secret\'s `whsec_` prefix with its first and last 4 characters (`whsec_AbCd…wXyZ`), never the secret.' }),
    previous_secret_hint: Type.Union([Type.String(), Type.Null()], {
      description: 'While a rotation\'s grace period runs, the hint of the secret it replaced, which still signs every delivery beside the new one; null otherwise.',
    }),
    previous_secret_expires_at: Type.Union([Timestamp(), Type.Null()], {
      description: 'When the previous secret stops signing (the end of the grace period); null when no previous secret signs.',
    }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'WebhookEndpoint', title: 'WebhookEndpoint', description: 'A URL that receives signed events.', examples: [exampleEndpoint] },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** The create and rotate-secret answers: the endpoint with its signing secret, shown this once. */
export const WebhookEndpointWithSecret = Type.Object(
  {
    ...WebhookEndpoint.properties,
    secret: Type.Optional(
      Type.String({
        description:
          'The signing secret (`whsec_…`), shown this once: verify deliveries with it. Absent when an Idempotency-Key replays the answer, since secrets are not kept for replay (rotate to get a new one).',
      }),
    ),
  },
  { $id: 'WebhookEndpointWithSecret', title: 'WebhookEndpointWithSecret', description: 'The answer of create and rotate-secret: the endpoint and, this once, its signing secret.' },
);
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const CreateWebhookEndpointBody = Type.Object(
  {
    url: Url,
    events: Type.Optional(EventList),
    description: Type.Optional(EndpointDescription),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
  },
  {
    $id: 'CreateWebhookEndpointRequest',
    additionalProperties: false,
    examples: [{ url: 'https://lms.example.com/webhooks/lectern', events: ['student.enrolled', 'student.completed_course'], description: 'LMS sync' }],
  },
);
export type CreateWebhookEndpointBody = Static<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(EventList),
    description: Type.Optional(EndpointDescription),
    enabled: Type.Optional(Type.Boolean({ description: 'true again after Lectern disabled it resumes deliveries (new events only).' })),
  },
  { $id: 'UpdateWebhookEndpointRequest', additionalProperties: false, description: 'The fields to change; the others stay.', examples: [{ events: ['*'], enabled: true }] },
);
export type UpdateWebhookEndpointBody = Static<typeof UpdateWebhookEndpointBody>;

export const endpointSorts = {
  created_at: { column: 'created_at', direction: 'asc' },
  '-created_at': { column: 'created_at', direction: 'desc' },
} as const;

export const ListWebhookEndpointsQuery = Type.Object(
  { ...PageQueryFields, sort: Type.Optional(Type.Enum(Object.keys(endpointSorts), { description: 'created_at (default) or -created_at.' })) },
  { additionalProperties: false },
);
export type ListWebhookEndpointsQuery = Static<typeof ListWebhookEndpointsQuery>;

export const WebhookAttempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1, description: '1 for the first try.' }),
    status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'The receiver’s HTTP status; null when no response came.' }),
    latency_ms: Type.Integer({ description: 'From sending to the end of the response (or the failure).' }),
    response_excerpt: Type.String({ description: 'The first 1,024 characters of the response body.' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why no response came (timeout, connection refused, refused address…); null otherwise.' }),
    attempted_at: Timestamp(),
  },
  { $id: 'DeliveryAttempt', title: 'DeliveryAttempt', description: 'One try at sending a delivery.' },
);

const exampleDelivery = {
  id: 'dlv_01jd4z3w6x7y8z9a0b1c2d3e4f',
  endpoint_id: 'whe_01jd4z3v3w4x5y6z7a8b9c0d1e',
  event_id: 'evt_01jd4z3w6x7y8z9a0b1c2d3e4e',
  event_type: 'webhook_endpoint.test',
  status: 'succeeded',
  attempt_count: 1,
  next_attempt_at: null,
  attempts: [{ attempt: 1, status_code: 204, latency_ms: 8, response_excerpt: '', error: null, attempted_at: '2026-11-21T19:21:00.010Z' }],
  created_at: '2026-11-21T19:21:00.000Z',
  updated_at: '2026-11-21T19:21:00.010Z',
};

export const WebhookDelivery = Type.Object(
  {
    id: Id('dlv'),
    endpoint_id: Id('whe'),
    event_id: Id('evt'),
    event_type: Type.Unsafe<string>({ type: 'string', enum: [...eventTypes] }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')], {
      description: '`pending` until a 2xx answer (`succeeded`) or the retry schedule runs out (`failed`).',
    }),
    attempt_count: Type.Integer(),
    next_attempt_at: Type.Union([Timestamp(), Type.Null()], {
      description: 'When a `pending` delivery will be attempted again (automatically, on the retry schedule); null when it will not be: succeeded, or failed for good.',
    }),
    attempts: Type.Array(Ref(WebhookAttempt), { description: 'Every attempt, oldest first.' }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Delivery', title: 'Delivery', description: 'One event sent to one endpoint, with every attempt.', examples: [exampleDelivery] },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const deliverySorts = {
  '-created_at': { column: 'created_at', direction: 'desc' },
  created_at: { column: 'created_at', direction: 'asc' },
} as const;

export const ListDeliveriesQuery = Type.Object(
  {
    ...PageQueryFields,
    sort: Type.Optional(Type.Enum(Object.keys(deliverySorts), { description: 'Newest first (-created_at, the default) or oldest first.' })),
    status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')])),
    event_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only the delivery of this event.' })),
  },
  { additionalProperties: false },
);
export type ListDeliveriesQuery = Static<typeof ListDeliveriesQuery>;

/** Shared (app.addSchema in plugins/openapi.ts). */
export const webhookSchemas = [WebhookEndpoint, WebhookEndpointWithSecret, WebhookAttempt, WebhookDelivery];

export const WebhookEndpointParams = PathId('Webhook endpoint id (whe_…)');
export const WebhookDeliveryParams = PathId('Webhook delivery id (dlv_…)');
const withSecret = { ...exampleEndpoint, secret: 'whsec_5lnOWACAJ3Orl3zQBnTHPnIJpYXsBTxJBlKgfkiJeaA=' };
const rotated = {
  ...withSecret,
  secret: 'whsec_Qm9vdGhQcm9tcHRseVJvdGF0ZWRTZWNyZXQxMjM0NTY=',
  secret_hint: 'whsec_Qm9v…NTY=',
  previous_secret_hint: 'whsec_5lnO…eaA=',
  previous_secret_expires_at: '2026-11-22T19:20:00.000Z',
};
const onePage = { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null };
export const WebhookEndpointResponse = DataOf(WebhookEndpoint, { description: 'The webhook endpoint.', examples: [{ data: exampleEndpoint }] });
export const WebhookEndpointCreatedResponse = DataOf(WebhookEndpointWithSecret, {
  description: 'The new endpoint with its signing `secret`, this once.',
  examples: [{ data: withSecret }],
});
export const WebhookSecretRotatedResponse = DataOf(WebhookEndpointWithSecret, {
  description: 'The endpoint with its new signing `secret`, this once; the old secret also signs until the grace period ends (`previous_secret_expires_at`).',
  examples: [{ data: rotated }],
});
export const WebhookEndpointListResponse = ListOf(WebhookEndpoint, { examples: [{ data: [exampleEndpoint], pagination: onePage }] });
export const WebhookEndpointDeletedResponse = Deleted('whe', { description: 'The endpoint is gone, with its pending deliveries.' });
export const WebhookDeliveryResponse = DataOf(WebhookDelivery, { description: 'The delivery, with every attempt.', examples: [{ data: exampleDelivery }] });
export const WebhookDeliveryListResponse = ListOf(WebhookDelivery, { examples: [{ data: [exampleDelivery], pagination: onePage }] });
