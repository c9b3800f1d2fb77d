import { type Static, Type } from 'typebox';
import { DataOf, Id, ListOf, ListQueryFields, PathId, Timestamp } from '../../shared/schemas.js';
import { scopes } from './scopes.js';

export const EnvironmentSchema = Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('staging')]);
const ScopeSchema = Type.Union([Type.Literal('*'), ...scopes.map((s) => Type.Literal(s))]);

export const ApiKey = Type.Object(
  {
    id: Id('key'),
    name: Type.String(),
    environment: EnvironmentSchema,
    scopes: Type.Array(Type.String()),
    key_hint: Type.String({ description: 'Marker and first/last 4 characters of the current secret, e.g. lct_prod_AbCd…wXyZ.' }),
    created_at: Timestamp(),
    last_used_at: Type.Union([Timestamp(), Type.Null()]),
    expires_at: Type.Union([Timestamp(), Type.Null()]),
    revoked_at: Type.Union([Timestamp(), Type.Null()]),
  },
  { title: 'ApiKey' },
);
export type ApiKey = Static<typeof ApiKey>;

/** Create and rotate answers carry the full key, this once. */
export const ApiKeyWithSecret = Type.Intersect([
  ApiKey,
  Type.Object({
    key: Type.Optional(
      Type.String({ description: 'The full key. Shown once; store it now. Absent when an Idempotency-Key replays the answer: secrets are not kept.' }),
    ),
  }),
]);

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    environment: EnvironmentSchema,
    scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: 20, uniqueItems: true, description: 'Default ["*"]; never wider than the calling key\'s.' })),
    expires_at: Type.Optional(Timestamp('After this instant the key stops working.')),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const ListApiKeysQuery = Type.Object({ ...ListQueryFields }, { additionalProperties: false });
export type ListApiKeysQuery = Static<typeof ListApiKeysQuery>;

export const ApiKeyParams = PathId('API key id (key_…)');
export const ApiKeyResponse = DataOf(ApiKey);
export const ApiKeyWithSecretResponse = DataOf(ApiKeyWithSecret);
export const ApiKeyListResponse = ListOf(ApiKey);
