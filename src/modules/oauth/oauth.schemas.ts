import { Type } from 'typebox';

/** The authorization request's parameters, as the console's consent page passes them on. */
export const AuthorizeRequestFields = Type.Object(
  {
    response_type: Type.Optional(Type.String({ maxLength: 20 })),
    client_id: Type.Optional(Type.String({ maxLength: 100 })),
    redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
    code_challenge: Type.Optional(Type.String({ maxLength: 200 })),
    code_challenge_method: Type.Optional(Type.String({ maxLength: 20 })),
    state: Type.Optional(Type.String({ maxLength: 2000 })),
    scope: Type.Optional(Type.String({ maxLength: 2000 })),
    resource: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

/** The consent: Approve (with the environment and scopes picked) or Deny. */
export const ConsentBody = Type.Object(
  {
    request: AuthorizeRequestFields,
    approve: Type.Boolean(),
    environment: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('staging')]),
    scopes: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
  },
  { additionalProperties: false },
);

export const GrantIdParams = Type.Object(
  {
    environment: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('staging')]),
    id: Type.String({ maxLength: 100 }),
  },
  { additionalProperties: false },
);
