import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { gracePeriodOf, RotationBody } from '../../shared/rotation.js';
import { pageReply } from '../../shared/reply.js';
import { responses, withExamples } from '../../shared/schemas.js';
import {
  ApiKeyListResponse,
  ApiKeyParams,
  ApiKeyCreatedResponse,
  ApiKeyResponse,
  ApiKeyRotatedResponse,
  CreateApiKeyBody,
  ListApiKeysQuery,
} from './api-keys.schemas.js';
import * as service from './api-keys.service.js';
import type { PendingKeyUsage } from './key-usage.js';

const tags = ['api-keys'];

const caller = (request: FastifyRequest): service.KeyManager => ({
  accountId: request.auth.accountId,
  workspaceId: request.auth.workspaceId,
  environment: request.auth.environment,
  scopes: request.auth.scopes,
});

/** API keys of the calling key's account and environment (scope keys:write). */
export async function apiKeyRoutes(parent: FastifyInstance, { ctx, keyUsage }: { ctx: ServiceContext; keyUsage: PendingKeyUsage }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api-keys', {
    config: { scope: 'keys:write' },
    schema: {
      tags,
      operationId: 'listApiKeys',
      description: 'The keys of the calling key\'s account and environment, never their secrets (`key_hint` shows the first and last 4 characters). Page mode by default; cursor mode with `cursor`.',
      summary: "List the API keys of this key's environment",
      querystring: ListApiKeysQuery,
      response: responses({ 200: ApiKeyListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listApiKeys(ctx, keyUsage, caller(request), request.query)),
  });

  app.post('/api-keys', {
    config: { scope: 'keys:write', secretFields: ['key'] },
    schema: {
      tags,
      operationId: 'createApiKey',
      summary: 'Create an API key',
      description: 'The answer\'s `key` is the full key, shown this once. Same environment as the calling key; scopes never wider than its own.',
      body: CreateApiKeyBody,
      response: responses({ 201: ApiKeyCreatedResponse }, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return { data: await service.createApiKeyFor(ctx, caller(request), request.body) };
    },
  });

  app.get('/api-keys/:id', {
    config: { scope: 'keys:write' },
    schema: {
      tags,
      operationId: 'getApiKey',
      summary: 'Get an API key (never its secret)',
      description: 'One key of the calling key\'s account and environment, never its secret.',
      params: ApiKeyParams,
      response: responses({ 200: ApiKeyResponse }, 404),
    },
    handler: async (request) => ({ data: await service.getApiKey(ctx, keyUsage, caller(request), request.params.id) }),
  });

  app.post('/api-keys/:id/rotate', {
    config: { scope: 'keys:write', secretFields: ['key'], readsBody: true },
    schema: {
      tags,
      operationId: 'rotateApiKey',
      summary: 'Rotate an API key',
      description:
        'Optional body `{"grace_period_seconds": 0..604800}` (default 86400). Answers the new full `key`, once; the old secret keeps working for the grace period. Only a key whose scopes are within the calling key\'s (403 `insufficient_permissions` otherwise). A revoked key cannot be rotated (409 `api_key_revoked`).',
      params: ApiKeyParams,
      documentedBody: withExamples(RotationBody, [{ grace_period_seconds: 3600 }]),
      bodyRequired: false,
      response: responses({ 200: ApiKeyRotatedResponse }, 404, 409, 413, 415, 422),
    },
    handler: async (request) => ({ data: await service.rotateApiKey(ctx, keyUsage, caller(request), request.params.id, gracePeriodOf(request.body)) }),
  });

  app.post('/api-keys/:id/revoke', {
    config: { scope: 'keys:write' },
    schema: {
      tags,
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description:
        'Every secret of the key stops at once, in every process, also one still in a rotation grace period. Only a key whose scopes are within the calling key\'s (403 `insufficient_permissions` otherwise).',
      params: ApiKeyParams,
      response: responses({ 200: ApiKeyResponse }, 404, 409, 422),
    },
    handler: async (request) => ({ data: await service.revokeApiKey(ctx, keyUsage, caller(request), request.params.id) }),
  });
}
