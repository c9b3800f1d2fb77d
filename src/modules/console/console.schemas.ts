import { type Static, type TObject, Type } from 'typebox';
import { PageQueryFields } from '../../shared/schemas.js';
import { CreateApiKeyBody } from '../api-keys/api-keys.schemas.js';
import { CreateLtiRegistrationBody, CreateLtiRegistrationLinkBody, UpdateLtiRegistrationBody } from '../lti/lti-registrations.schemas.js';
import { CreateWebhookEndpointBody, UpdateWebhookEndpointBody } from '../webhooks/webhooks.schemas.js';

/**
 * The console's request schemas: the API's own where they fit, without their `$id` (they are the
 * API document's components; the console's routes are not in it).
 */
const unnamed = <T extends TObject>(schema: T): T => Type.Object(schema.properties, { additionalProperties: false }) as unknown as T;

export const EnvironmentParams = Type.Object(
  { environment: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('staging')]) },
  { additionalProperties: false },
);
export const EnvironmentIdParams = Type.Object({ ...EnvironmentParams.properties, id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type EnvironmentIdParams = Static<typeof EnvironmentIdParams>;

/** Creating a key from the console: the environment is the page's. */
export const ConsoleCreateKeyBody = Type.Object(
  { name: CreateApiKeyBody.properties.name, scopes: CreateApiKeyBody.properties.scopes, expires_at: CreateApiKeyBody.properties.expires_at },
  { additionalProperties: false },
);
export type ConsoleCreateKeyBody = Static<typeof ConsoleCreateKeyBody>;

export const ConsoleCreateEndpointBody = unnamed(CreateWebhookEndpointBody);
export const ConsoleUpdateEndpointBody = unnamed(UpdateWebhookEndpointBody);

/** LTI registrations from the console: added by hand as over the API; changed in their deployments and policy only. */
export const ConsoleCreateLtiRegistrationBody = unnamed(CreateLtiRegistrationBody);
export const ConsoleUpdateLtiRegistrationBody = Type.Object(
  { deployment_ids: UpdateLtiRegistrationBody.properties.deployment_ids, unknown_deployments: UpdateLtiRegistrationBody.properties.unknown_deployments },
  { additionalProperties: false },
);
export const ConsoleCreateLtiLinkBody = unnamed(CreateLtiRegistrationLinkBody);

export const LinkSignInBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export const PasswordSignInBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export const SetPasswordBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    /** Needed unless the user has no password yet or signed in with a one-time link (the profile's password_change_needs_current). */
    current_password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);

const Role = Type.Union([Type.Literal('owner'), Type.Literal('developer'), Type.Literal('viewer')]);
export const UserIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export const InviteUserBody = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }), role: Role }, { additionalProperties: false });
export const ChangeRoleBody = Type.Object({ role: Role }, { additionalProperties: false });

export const ConsolePageQuery = Type.Object({ ...PageQueryFields }, { additionalProperties: false });
export const BudgetsQuery = Type.Object({ key_id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

/** The failed rows an import's report shows (the first `limit`; the results download has them all). */
export const ConsoleFailedRowsQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }, { additionalProperties: false });
/** "Download results": CSV (the default) or NDJSON by the query, since a link cannot set Accept; `status=error` for the failed rows only. */
export const ConsoleImportResultsQuery = Type.Object(
  { status: Type.Optional(Type.Literal('error')), format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('ndjson')])) },
  { additionalProperties: false },
);
