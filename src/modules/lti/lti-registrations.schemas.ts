import { type Static, Type } from 'typebox';
import { recordValidator } from '../../shared/bulk.js';
import { DataOf, Deleted, Id, ListOf, ListQueryFields, PathId, Timestamp } from '../../shared/schemas.js';

/** The shortest and longest life of a Dynamic Registration link, and the default: 7 days. */
export const LINK_MIN_SECONDS = 60;
export const LINK_MAX_SECONDS = 30 * 86_400;
export const LINK_DEFAULT_SECONDS = 7 * 86_400;

const PlatformUrl = (what: string) =>
  Type.String({
    minLength: 1,
    maxLength: 2_048,
    description: `${what}: https, never a loopback, private, link-local or metadata address (http and such addresses only with the dev switch WEBHOOK_ALLOW_PRIVATE=true).`,
  });

const Issuer = Type.String({ minLength: 1, maxLength: 1_024, description: 'The platform\'s issuer (`iss` of its id_tokens), exactly as it sends it, e.g. `https://canvas.instructure.com`.' });
const ClientId = Type.String({ minLength: 1, maxLength: 255, description: 'The client id the platform gave Lectern (the `aud` of its id_tokens).' });
const DeploymentIds = Type.Array(Type.String({ minLength: 1, maxLength: 255 }), {
  maxItems: 100,
  uniqueItems: true,
  description: 'Deployment ids known for this platform (`https://purl.imsglobal.org/spec/lti/claim/deployment_id`).',
});
const UnknownDeployments = Type.Union([Type.Literal('accept'), Type.Literal('reject')], {
  description: 'A launch with a deployment id not in `deployment_ids`: `accept` (default) records it and goes on, `reject` refuses the launch.',
});
const StudentIdClaim = Type.Union([Type.String({ minLength: 1, maxLength: 255 }), Type.Null()], {
  description:
    'The id_token claim whose value becomes the student\'s `external_id` (a top-level claim, e.g. `email` or a platform\'s own claim URI); null (default) for `lti:<iss>:<sub>`.',
});

export const exampleRegistration = {
  id: 'ltr_01jd4z3v3w4x5y6z7a8b9c0d1e',
  issuer: 'https://canvas.instructure.com',
  client_id: '10000000000042',
  auth_login_url: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  auth_token_url: 'https://sso.canvaslms.com/login/oauth2/token',
  jwks_url: 'https://sso.canvaslms.com/api/lti/security/jwks',
  deployment_ids: ['42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb'],
  unknown_deployments: 'accept',
  student_id_claim: null,
  created_at: '2026-11-28T13:00:00.000Z',
  updated_at: '2026-11-28T13:00:00.000Z',
};

export const LtiRegistration = Type.Object(
  {
    id: Id('ltr'),
    issuer: Type.String({ description: 'The platform\'s issuer (`iss`).' }),
    client_id: Type.String({ description: 'Lectern\'s client id at the platform.' }),
    auth_login_url: Type.String({ description: 'The platform\'s OIDC authorization endpoint.' }),
    auth_token_url: Type.String({ description: 'The platform\'s OAuth 2 token endpoint (grades, rosters).' }),
    jwks_url: Type.String({ description: 'The platform\'s public keys.' }),
    deployment_ids: Type.Array(Type.String(), { description: 'The deployment ids known for this platform, in the order they became known (given, or recorded by launches).' }),
    unknown_deployments: UnknownDeployments,
    student_id_claim: StudentIdClaim,
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  {
    $id: 'LtiRegistration',
    title: 'LtiRegistration',
    description: 'An LMS (LTI 1.3 platform) this workspace trusts: its launches of Lectern are accepted. Found by (`issuer`, `client_id`).',
    examples: [exampleRegistration],
  },
);
export type LtiRegistration = Static<typeof LtiRegistration>;

export const CreateLtiRegistrationBody = Type.Object(
  {
    issuer: Issuer,
    client_id: ClientId,
    auth_login_url: PlatformUrl('The platform\'s OIDC authorization endpoint'),
    auth_token_url: PlatformUrl('The platform\'s OAuth 2 token endpoint'),
    jwks_url: PlatformUrl('The platform\'s JWKS'),
    deployment_ids: Type.Optional(DeploymentIds),
    unknown_deployments: Type.Optional(UnknownDeployments),
    student_id_claim: Type.Optional(StudentIdClaim),
  },
  {
    $id: 'CreateLtiRegistrationRequest',
    additionalProperties: false,
    examples: [
      {
        issuer: exampleRegistration.issuer,
        client_id: exampleRegistration.client_id,
        auth_login_url: exampleRegistration.auth_login_url,
        auth_token_url: exampleRegistration.auth_token_url,
        jwks_url: exampleRegistration.jwks_url,
        deployment_ids: exampleRegistration.deployment_ids,
      },
    ],
  },
);
export type CreateLtiRegistrationBody = Static<typeof CreateLtiRegistrationBody>;

export const UpdateLtiRegistrationBody = Type.Object(
  {
    issuer: Type.Optional(Issuer),
    client_id: Type.Optional(ClientId),
    auth_login_url: Type.Optional(PlatformUrl('The platform\'s OIDC authorization endpoint')),
    auth_token_url: Type.Optional(PlatformUrl('The platform\'s OAuth 2 token endpoint')),
    jwks_url: Type.Optional(PlatformUrl('The platform\'s JWKS')),
    deployment_ids: Type.Optional({ ...DeploymentIds, description: 'Replaces the known deployment ids with these.' }),
    unknown_deployments: Type.Optional(UnknownDeployments),
    student_id_claim: Type.Optional(StudentIdClaim),
  },
  {
    $id: 'UpdateLtiRegistrationRequest',
    additionalProperties: false,
    description: 'The fields to change; the others stay.',
    examples: [{ unknown_deployments: 'reject', deployment_ids: ['42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb'] }],
  },
);
export type UpdateLtiRegistrationBody = Static<typeof UpdateLtiRegistrationBody>;

export const registrationSorts = {
  created_at: { column: 'created_at', direction: 'asc' },
  '-created_at': { column: 'created_at', direction: 'desc' },
  updated_at: { column: 'updated_at', direction: 'asc' },
  '-updated_at': { column: 'updated_at', direction: 'desc' },
} as const;

export const ListLtiRegistrationsQuery = Type.Object(
  {
    ...ListQueryFields,
    sort: Type.Optional(Type.Enum(Object.keys(registrationSorts), { description: 'created_at (default), -created_at, updated_at or -updated_at.' })),
  },
  { additionalProperties: false },
);
export type ListLtiRegistrationsQuery = Static<typeof ListLtiRegistrationsQuery>;

export const LtiRegistrationParams = PathId('LTI registration id (ltr_…)');

export const LtiRegistrationResponse = DataOf(LtiRegistration, { description: 'The registration.', examples: [{ data: exampleRegistration }] });
export const LtiRegistrationListResponse = ListOf(LtiRegistration, {
  examples: [{ data: [exampleRegistration], pagination: { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null } }],
});
export const LtiRegistrationDeletedResponse = Deleted('ltr');

export const CreateLtiRegistrationLinkBody = Type.Object(
  {
    expires_in_seconds: Type.Optional(
      Type.Integer({
        minimum: LINK_MIN_SECONDS,
        maximum: LINK_MAX_SECONDS,
        description: `How long the link can be used: ${LINK_MIN_SECONDS} s to ${LINK_MAX_SECONDS / 86_400} days (default ${LINK_DEFAULT_SECONDS / 86_400} days).`,
      }),
    ),
  },
  { $id: 'CreateLtiRegistrationLinkRequest', additionalProperties: false, examples: [{ expires_in_seconds: 86_400 }] },
);
export type CreateLtiRegistrationLinkBody = Static<typeof CreateLtiRegistrationLinkBody>;

const validateLinkBody = recordValidator<CreateLtiRegistrationLinkBody>(CreateLtiRegistrationLinkBody);

/** The link request's optional body, checked by the handler (it may be absent); 400 validation_error when malformed. */
export function linkBodyOf(body: unknown): CreateLtiRegistrationLinkBody {
  if (body === undefined || body === null) return {};
  const checked = validateLinkBody(body);
  if (!checked.ok) throw checked.error;
  return checked.value;
}

export const LtiRegistrationLink = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        description:
          'Paste it into the LMS as the Dynamic Registration URL. It registers one platform in this workspace, once; shown only in this answer. Absent when an Idempotency-Key replays the answer, since the link is not kept for replay (make another).',
      }),
    ),
    expires_at: Timestamp('After this the link registers nothing.'),
  },
  {
    $id: 'LtiRegistrationLink',
    title: 'LtiRegistrationLink',
    description: 'A one-time LTI Dynamic Registration URL bound to this workspace.',
    examples: [{ url: 'https://lectern.school.example/lti/register?link=q5m1Yy0dZr5b0hD6cT1mCq5m1Yy0dZr5b0hD6cT1mCq', expires_at: '2026-12-05T13:00:00.000Z' }],
  },
);
export type LtiRegistrationLink = Static<typeof LtiRegistrationLink>;

export const LtiRegistrationLinkResponse = DataOf(LtiRegistrationLink, {
  description: 'The one-time Dynamic Registration URL, this once, and when it stops working.',
  examples: [{ data: { url: 'https://lectern.school.example/lti/register?link=q5m1Yy0dZr5b0hD6cT1mCq5m1Yy0dZr5b0hD6cT1mCq', expires_at: '2026-12-05T13:00:00.000Z' } }],
});

const exampleJwk = {
  kty: 'RSA',
  n: 'sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri23bOdgWp4Dy1WlUzewbgBHod5pcM9H95GQRV3JDXboIRROSBigeC5yjU1hGzHHyXss8UDprecbAYxknTcQkhslANGRUZmdTOQ5qTRsLAt6BTYuyvVRdhS8exSZEy_c4gs_7svlJJQ4H9_NxsiIoLwAEk7-Q3UXERGYw_75IDrGA84-lA_-Ct4eTlXHBIY2EaV7t7LjJaynVJCpkv4LKjTTAumiGUIuQhrNhZLuF_RJLqHpM2kgWFLU7-VTdL1VbC2tejvcI2BlMkEpk1BzBZI0KQB0GaDWFLN-aEAw3vRw',
  e: 'AQAB',
  kid: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
  alg: 'RS256',
  use: 'sig',
};

/** The tool's JWKS (GET /lti/jwks): the public halves of its current and previous signing keys. */
export const LtiJwks = Type.Object(
  {
    keys: Type.Array(
      Type.Object(
        {
          kty: Type.Literal('RSA'),
          n: Type.String({ description: 'The modulus, base64url.' }),
          e: Type.String({ description: 'The public exponent, base64url.' }),
          kid: Type.String({ description: 'The key id, as the `kid` header of every JWT it signs (its RFC 7638 thumbprint).' }),
          alg: Type.Literal('RS256'),
          use: Type.Literal('sig'),
        },
        { description: 'A public RSA key (RFC 7517).' },
      ),
      { description: 'The current key first, then the previous one (for a while after `lectern lti rotate-key`).' },
    ),
  },
  {
    $id: 'LtiJwks',
    title: 'LtiJwks',
    description: 'A JSON Web Key Set (RFC 7517) of the tool\'s public signing keys; never a private part.',
    examples: [{ keys: [exampleJwk] }],
  },
);

/** Every schema of this module with an `$id` that a response refers to (plugins/openapi.ts registers them). */
export const ltiRegistrationSchemas = [LtiRegistration, LtiRegistrationLink, LtiJwks];
