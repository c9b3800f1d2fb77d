import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { gracePeriodOf, RotationBody } from '../../shared/rotation.js';
import { pageReply, resourceReply } from '../../shared/reply.js';
import { IfMatchHeaders, responses, withExamples } from '../../shared/schemas.js';
import {
  CreateWebhookEndpointBody,
  ListDeliveriesQuery,
  ListWebhookEndpointsQuery,
  UpdateWebhookEndpointBody,
  WebhookDeliveryListResponse,
  WebhookDeliveryParams,
  WebhookDeliveryResponse,
  WebhookEndpointDeletedResponse,
  WebhookEndpointListResponse,
  WebhookEndpointParams,
  WebhookEndpointCreatedResponse,
  WebhookEndpointResponse,
  WebhookSecretRotatedResponse,
} from './webhooks.schemas.js';
import * as service from './webhooks.service.js';

const tags = ['webhooks'];

export async function webhookRoutes(parent: FastifyInstance, { ctx }: { ctx: service.WebhooksContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/webhook-endpoints', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'listWebhookEndpoints',
      description: 'The workspace\'s webhook endpoints, never their secrets. Page mode by default; cursor mode with `cursor`.',
      summary: 'List webhook endpoints',
      querystring: ListWebhookEndpointsQuery,
      response: responses({ 200: WebhookEndpointListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listEndpoints(ctx, request.auth.workspaceId, request.query)),
  });

  app.post('/webhook-endpoints', {
    config: { scope: 'webhooks:write', secretFields: ['secret'] },
    schema: {
      tags,
      operationId: 'createWebhookEndpoint',
      summary: 'Create a webhook endpoint',
      description:
        'Answers the signing `secret` (`whsec_…`) once. `events` defaults to `["*"]`. The URL must be https in production and may not point to a loopback, private, link-local or metadata address (400 `validation_error` on `/url`).',
      body: CreateWebhookEndpointBody,
      response: responses({ 201: WebhookEndpointCreatedResponse }, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return { data: await service.createEndpoint(ctx, request.auth.workspaceId, request.body) };
    },
  });

  app.get('/webhook-endpoints/:id', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'getWebhookEndpoint',
      description: 'The endpoint, with its `ETag`, never its secret.',
      responseHeaders: ['ETag'],
      summary: 'Get a webhook endpoint',
      params: WebhookEndpointParams,
      response: responses({ 200: WebhookEndpointResponse }, 404),
    },
    handler: async (request, reply) => resourceReply(reply, await service.getEndpoint(ctx, request.auth.workspaceId, request.params.id)),
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/webhook-endpoints/:id',
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updateWebhookEndpoint' : 'patchWebhookEndpoint',
        responseHeaders: ['ETag'],
        summary: method === 'PUT' ? 'Update a webhook endpoint' : 'Update a webhook endpoint (alias of PUT)',
        description: 'Changes the fields given. `enabled: true` re-enables an endpoint Lectern disabled; it receives events from then on.',
        params: WebhookEndpointParams,
        headers: IfMatchHeaders,
        body: UpdateWebhookEndpointBody,
        response: responses({ 200: WebhookEndpointResponse }, 404, 412, 413, 415),
      },
      handler: async (request, reply) =>
        resourceReply(
          reply,
          await service.updateEndpoint(ctx, request.auth.workspaceId, request.params.id, request.body, request.headers['if-match']),
        ),
    });
  }

  app.delete('/webhook-endpoints/:id', {
    config: { scope: 'webhooks:write' },
    schema: {
      tags,
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint',
      description: 'Its pending deliveries are dropped with it.',
      params: WebhookEndpointParams,
      response: responses({ 200: WebhookEndpointDeletedResponse }, 404),
    },
    handler: async (request) => ({ data: await service.deleteEndpoint(ctx, request.auth.workspaceId, request.params.id) }),
  });

  app.post('/webhook-endpoints/:id/rotate-secret', {
    config: { scope: 'webhooks:write', secretFields: ['secret'], readsBody: true },
    schema: {
      tags,
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate an endpoint’s signing secret',
      description:
        'Optional body `{"grace_period_seconds": 0..604800}` (default 86400). Answers the new `secret` once; until the grace period ends every delivery carries two signatures, one per secret, as Standard Webhooks allows.',
      params: WebhookEndpointParams,
      documentedBody: withExamples(RotationBody, [{ grace_period_seconds: 3600 }]),
      bodyRequired: false,
      response: responses({ 200: WebhookSecretRotatedResponse }, 404, 409, 413, 415, 422),
    },
    handler: async (request) => ({ data: await service.rotateSecret(ctx, request.auth.workspaceId, request.params.id, gracePeriodOf(request.body)) }),
  });

  app.post('/webhook-endpoints/:id/test', {
    // Sends to the receiver before answering: no write transaction may stay open that long.
    config: { scope: 'webhooks:write', idempotencyOutsideTransaction: true },
    schema: {
      tags,
      operationId: 'testWebhookEndpoint',
      summary: 'Send a test event to an endpoint',
      description:
        'Sends a `webhook_endpoint.test` event (its object is the endpoint) to this endpoint only, also when disabled, and answers the delivery after the first attempt. A failed attempt is retried on the usual schedule.',
      params: WebhookEndpointParams,
      response: responses({ 200: WebhookDeliveryResponse }, 404, 409, 422),
    },
    handler: async (request) => ({ data: await service.testEndpoint(ctx, request.auth.workspaceId, request.params.id) }),
  });

  app.get('/webhook-endpoints/:id/deliveries', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'listWebhookDeliveries',
      summary: 'List an endpoint’s deliveries',
      description: 'Newest first, each with every attempt (status code, latency, response excerpt). Filters: `status`, `event_id`.',
      params: WebhookEndpointParams,
      querystring: ListDeliveriesQuery,
      response: responses({ 200: WebhookDeliveryListResponse }, 404),
    },
    handler: async (request, reply) =>
      pageReply(request, reply, await service.listDeliveries(ctx, request.auth.workspaceId, request.params.id, request.query)),
  });

  app.get('/webhook-deliveries/:id', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'getWebhookDelivery',
      description: 'One delivery, with every attempt.',
      summary: 'Get a delivery',
      params: WebhookDeliveryParams,
      response: responses({ 200: WebhookDeliveryResponse }, 404),
    },
    handler: async (request) => ({ data: await service.getDelivery(ctx, request.auth.workspaceId, request.params.id) }),
  });

  app.post('/webhook-deliveries/:id/retry', {
    // Sends to the receiver before answering: no write transaction may stay open that long.
    config: { scope: 'webhooks:write', idempotencyOutsideTransaction: true },
    schema: {
      tags,
      operationId: 'retryWebhookDelivery',
      summary: 'Send a delivery again now',
      description:
        'Whatever its status, also to a disabled endpoint; answers the delivery after the attempt. A failed attempt continues the retry schedule.',
      params: WebhookDeliveryParams,
      response: responses({ 200: WebhookDeliveryResponse }, 404, 409, 422),
    },
    handler: async (request) => ({ data: await service.retryDelivery(ctx, request.auth.workspaceId, request.params.id) }),
  });
}
