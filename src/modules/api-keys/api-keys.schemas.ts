import { type Static, Type } from 'typebox';
import { DataOf, Id, ListOf, ListQueryFields, PathId, Timestamp } from '../../shared/schemas.js';
import { scopes } from './scopes.js';

export const EnvironmentSchema = Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('staging')]);
const ScopeSchema = Type.Union([Type.Literal('*'), ...scopes.map((s) => Type.Literal(s))]);

const exampleKey = {
  id: 'key_01jd4z3t0v1w2x3y4z5a6b7c8d',
  name: 'LMS sync',
  environment: 'production',
  scopes: ['students:write', 'enrollments:write'],
  key_hint: 'lct_prod_AbCd…wXyZ',
  previous_key_hint: null,
  previous_key_expires_at: null,
  created_at: '2026-11-21T19:00:00.000Z',
  last_used_at: '2026-11-22T10:00:00.000Z',
  expires_at: null,
  revoked_at: null,
};

export const ApiKey = Type.Object(
  {
    id: Id('key'),
    name: Type.String(),
    environment: EnvironmentSchema,
    // Typed as the service maps rows (string[]); the document lists the scopes.
    scopes: Type.Unsafe<string[]>(Type.Array(ScopeSchema, { description: '`["*"]` for every scope; a `write` scope also grants its `read`.' })),
    key_hint: Type.String({ description: 'Marker and first/last 4 characters of the current secret, e.g. lct_prod_AbCd…wXyZ.' }),
    previous_key_hint: Type.Union([Type.String(), Type.Null()], {
      description: 'While a rotation\'s grace period runs, the hint (as `key_hint`) of the secret it replaced, which still works; null otherwise.',
    }),
    previous_key_expires_at: Type.Union([Timestamp(), Type.Null()], {
      description: 'When the secret that `previous_key_hint` names stops working (the end of the grace period); null when no replaced secret works.',
    }),
    created_at: Timestamp(),
    last_used_at: Type.Union([Timestamp(), Type.Null()]),
    expires_at: Type.Union([Timestamp(), Type.Null()]),
    revoked_at: Type.Union([Timestamp(), Type.Null()]),
  },
  { $id: 'ApiKey', title: 'ApiKey', description: 'An API key of the account and environment, never its secret.', examples: [exampleKey] },
);
export type ApiKey = Static<typeof ApiKey>;

/** Create and rotate answers carry the full key, this once. */
export const ApiKeyWithSecret = Type.Object(
  {
    ...ApiKey.properties,
    key: Type.Optional(
      Type.String({
        description: 'The full key (`lct_<marker>_<secret>`), shown this once: store it now. Absent when an Idempotency-Key replays the answer, since secrets are not kept.',
      }),
    ),
  },
  { $id: 'ApiKeyWithSecret', title: 'ApiKeyWithSecret', description: 'The answer of create and rotate: the key and, this once, its secret.' },
);

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    environment: EnvironmentSchema,
    scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: 20, uniqueItems: true, description: 'Default ["*"]; never wider than the calling key\'s.' })),
    expires_at: Type.Optional(Timestamp('After this instant the key stops working.')),
  },
  {
    $id: 'CreateApiKeyRequest',
    additionalProperties: false,
    examples: [{ name: 'LMS sync', environment: 'production', scopes: ['students:write', 'enrollments:write'] }],
  },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const ListApiKeysQuery = Type.Object({ ...ListQueryFields }, { additionalProperties: false });
export type ListApiKeysQuery = Static<typeof ListApiKeysQuery>;

/** Shared (app.addSchema in plugins/openapi.ts). */
export const apiKeySchemas = [ApiKey, ApiKeyWithSecret];

export const ApiKeyParams = PathId('API key id (key_…)');
const withSecret = { ...exampleKey, last_used_at: null, key: 'lct_prod_3kZr8QpV0mXw1NcYb7TgHs2LdJ5fA9uE' };
const rotated = { ...withSecret, key_hint: 'lct_prod_3kZr…A9uE', previous_key_hint: 'lct_prod_AbCd…wXyZ', previous_key_expires_at: '2026-11-23T10:00:00.000Z' };
export const ApiKeyResponse = DataOf(ApiKey, { description: 'The API key.', examples: [{ data: exampleKey }] });
export const ApiKeyCreatedResponse = DataOf(ApiKeyWithSecret, { description: 'The new key, with its full `key` this once.', examples: [{ data: withSecret }] });
export const ApiKeyRotatedResponse = DataOf(ApiKeyWithSecret, {
  description: 'The key with its new secret in `key`, this once; the old secret works until the grace period ends (`previous_key_expires_at`).',
  examples: [{ data: rotated }],
});
export const ApiKeyListResponse = ListOf(ApiKey, {
  examples: [{ data: [exampleKey], pagination: { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null } }],
});
