import { type Static, Type } from 'typebox';
import { DataOf, Deleted, Id, ListOf, PageQueryFields, PathId, Timestamp } from '../../shared/schemas.js';
import { subscribableEventTypes } from '../events/event-types.js';

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

export const WebhookEndpoint = Type.Object(
  {
    id: Id('whe'),
    url: Type.String(),
    description: Type.String(),
    events: Type.Array(Type.String(), { description: 'Event types it receives, or `["*"]`.' }),
    enabled: Type.Boolean({ description: 'A disabled endpoint receives nothing.' }),
    disabled_reason: Type.Union([Type.Literal('failing'), Type.Null()], {
      description: '`failing` when Lectern disabled it after 5 days of failed deliveries; null otherwise.',
    }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'WebhookEndpoint' },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** The create and rotate-secret answers: the endpoint with its signing secret, shown this once. */
export const WebhookEndpointWithSecret = Type.Object(
  {
    ...WebhookEndpoint.properties,
    secret: Type.String({ description: 'The signing secret (`whsec_…`), shown once: verify deliveries with it.' }),
  },
  { title: 'WebhookEndpointWithSecret' },
);
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const CreateWebhookEndpointBody = Type.Object(
  {
    url: Url,
    events: Type.Optional(EventList),
    description: Type.Optional(EndpointDescription),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
  },
  { additionalProperties: false },
);
export type CreateWebhookEndpointBody = Static<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(EventList),
    description: Type.Optional(EndpointDescription),
    enabled: Type.Optional(Type.Boolean({ description: 'true again after Lectern disabled it resumes deliveries (new events only).' })),
  },
  { additionalProperties: false },
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
  { title: 'WebhookAttempt' },
);

export const WebhookDelivery = Type.Object(
  {
    id: Id('dlv'),
    endpoint_id: Id('whe'),
    event_id: Id('evt'),
    event_type: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')], {
      description: '`pending` until a 2xx answer (`succeeded`) or the retry schedule runs out (`failed`).',
    }),
    attempt_count: Type.Integer(),
    next_attempt_at: Type.Union([Timestamp(), Type.Null()], { description: 'When the next attempt is due; null once settled.' }),
    attempts: Type.Array(WebhookAttempt, { description: 'Every attempt, oldest first.' }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'WebhookDelivery', description: 'One event sent to one endpoint, with every attempt.' },
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

export const WebhookEndpointParams = PathId('Webhook endpoint id (whe_…)');
export const WebhookDeliveryParams = PathId('Webhook delivery id (dlv_…)');
export const WebhookEndpointResponse = DataOf(WebhookEndpoint);
export const WebhookEndpointWithSecretResponse = DataOf(WebhookEndpointWithSecret);
export const WebhookEndpointListResponse = ListOf(WebhookEndpoint);
export const WebhookEndpointDeletedResponse = Deleted('whe');
export const WebhookDeliveryResponse = DataOf(WebhookDelivery);
export const WebhookDeliveryListResponse = ListOf(WebhookDelivery);
