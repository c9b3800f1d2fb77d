import { AppError } from '../../shared/errors.js';
import { checkWebhookUrl } from '../webhooks/url-safety.js';
import type { LtiRegistration } from './lti-registrations.schemas.js';
import { consumeRegistrationLink, createRegistration, type LtiContext, recordLinkRegistration, releaseRegistrationLink } from './lti-registrations.service.js';
import { callPlatform, PlatformCallError, type PlatformCallPolicy } from './platform-http.js';

/**
 * LTI Dynamic Registration 1.0 (GET /lti/register): the LMS opens Lectern's one-time link with its
 * `openid_configuration` URL and a `registration_token`; Lectern reads the platform's configuration,
 * registers itself at the platform's registration endpoint, and stores the platform as a
 * registration of the link's workspace. docs/lti.md, "Dynamic Registration".
 */

const LTI_PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const LTI_TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

/** What Lectern asks for: AGS (scores, line items, results) and NRPS (rosters). */
export const TOOL_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
];

/** The id_token claims a launch uses (the learner's name and email). */
const TOOL_CLAIMS = ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'];

/** A registration Lectern will not make: shown to the LMS's administrator as an HTML page. */
export class RegistrationRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'RegistrationRefused';
  }
}

export interface RegisterInput {
  /** The link's token (`link`). */
  link?: string | undefined;
  openidConfiguration?: string | undefined;
  registrationToken?: string | undefined;
  /** PUBLIC_URL, else the request's origin: Lectern's own URLs in the registration. */
  baseUrl: string;
}

export interface Registered {
  registration: LtiRegistration;
  /** The platform's product (`product_family_code`), for the page; null when it says none. */
  product: string | null;
}

/** The tool's registration request (LTI Dynamic Registration 1.0, §3.5.2), on Lectern's own URLs. */
export function toolRegistration(baseUrl: string): Record<string, unknown> {
  const launch = `${baseUrl}/lti/launch`;
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: `${baseUrl}/lti/login`,
    redirect_uris: [launch],
    client_name: 'Lectern',
    jwks_uri: `${baseUrl}/lti/jwks`,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: TOOL_SCOPES.join(' '),
    [LTI_TOOL_CONFIGURATION]: {
      domain: new URL(baseUrl).host,
      target_link_uri: launch,
      description: 'Lectern courses, opened live in the LMS, with the score sent back to its gradebook.',
      claims: TOOL_CLAIMS,
      messages: [
        { type: 'LtiResourceLinkRequest', target_link_uri: launch, label: 'Lectern course' },
        { type: 'LtiDeepLinkingRequest', target_link_uri: launch, label: 'Lectern course' },
      ],
    },
  };
}

const platformProblem = (code: string, message: string) => new RegistrationRefused(400, code, 'Lectern cannot register with this LMS', message);
const unreachable = (message: string) => new RegistrationRefused(502, 'platform_unreachable', 'Lectern could not reach the LMS', message);

/**
 * The issuer is a URL that the configuration URL starts with (LTI Dynamic Registration 1.0,
 * §3.5.1): the same scheme, host and port, and the issuer's path a prefix of the configuration's
 * path. So a configuration served by one host cannot claim another host's issuer.
 */
export function issuerMatches(issuer: string, configurationUrl: string): boolean {
  let iss: URL;
  let conf: URL;
  try {
    iss = new URL(issuer);
    conf = new URL(configurationUrl);
  } catch {
    return false;
  }
  if (iss.origin !== conf.origin || iss.search !== '' || iss.hash !== '') return false;
  const prefix = iss.pathname.endsWith('/') ? iss.pathname : `${iss.pathname}/`;
  return conf.pathname === iss.pathname || conf.pathname.startsWith(prefix);
}

const stringAt = (value: Record<string, unknown>, name: string): string | undefined => {
  const field = value[name];
  return typeof field === 'string' && field !== '' ? field : undefined;
};

function parseObject(body: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The platform's endpoints, once its configuration passed every check. */
interface PlatformConfiguration {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  registrationEndpoint: string;
  product: string | null;
}

async function readConfiguration(ctx: LtiContext, rules: PlatformCallPolicy, url: string): Promise<PlatformConfiguration> {
  let response;
  try {
    response = await callPlatform({ url }, rules);
  } catch (error) {
    if (error instanceof PlatformCallError) throw unreachable(`Its configuration (openid_configuration) could not be read: ${error.reason}.`);
    throw error;
  }
  if (response.status !== 200) throw unreachable(`Its configuration (openid_configuration) answered HTTP ${response.status}.`);
  const config = parseObject(response.body);
  if (!config) throw platformProblem('platform_configuration_invalid', 'Its configuration (openid_configuration) is not a JSON object.');

  const issuer = stringAt(config, 'issuer');
  if (!issuer) throw platformProblem('platform_configuration_invalid', 'Its configuration names no issuer.');
  if (!issuerMatches(issuer, url)) {
    throw platformProblem('issuer_mismatch', `Its configuration's issuer (${issuer}) does not match the address it was read from: the issuer must be the start of the openid_configuration URL.`);
  }
  const missing = ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'registration_endpoint'].filter((name) => !stringAt(config, name));
  if (missing.length > 0) throw platformProblem('platform_configuration_invalid', `Its configuration lacks ${missing.join(', ')}.`);
  const algs = config.id_token_signing_alg_values_supported;
  if (!Array.isArray(algs) || !algs.includes('RS256')) throw platformProblem('platform_unsupported', 'It does not sign id_tokens with RS256, the only algorithm LTI 1.3 allows.');
  const lti = config[LTI_PLATFORM_CONFIGURATION];
  if (typeof lti !== 'object' || lti === null) throw platformProblem('platform_unsupported', `Its configuration has no LTI platform configuration (${LTI_PLATFORM_CONFIGURATION}): it is not an LTI 1.3 platform.`);
  const product = stringAt(lti as Record<string, unknown>, 'product_family_code') ?? null;

  const endpoints = {
    authorizationEndpoint: stringAt(config, 'authorization_endpoint')!,
    tokenEndpoint: stringAt(config, 'token_endpoint')!,
    jwksUri: stringAt(config, 'jwks_uri')!,
    registrationEndpoint: stringAt(config, 'registration_endpoint')!,
  };
  // Checked before registering, so that a platform is never left with a client Lectern cannot store.
  for (const [name, value] of Object.entries(endpoints)) {
    const problem = await checkWebhookUrl(value, ctx.urlPolicy, ctx.lookup);
    if (problem) throw platformProblem('platform_configuration_invalid', `Its ${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} (${value}) ${problem}.`);
  }
  return { issuer, ...endpoints, product };
}

/** Lectern's registration at the platform: the client id and deployment id it got. */
async function registerAtPlatform(rules: PlatformCallPolicy, platform: PlatformConfiguration, input: RegisterInput): Promise<{ clientId: string; deploymentId: string | null }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (input.registrationToken) headers.authorization = `Bearer ${input.registrationToken}`;
  let response;
  try {
    response = await callPlatform({ method: 'POST', url: platform.registrationEndpoint, headers, body: JSON.stringify(toolRegistration(input.baseUrl)) }, rules);
  } catch (error) {
    if (error instanceof PlatformCallError) throw unreachable(`Its registration endpoint could not be reached: ${error.reason}.`);
    throw error;
  }
  const answer = parseObject(response.body) ?? {};
  if (response.status !== 200 && response.status !== 201) {
    // The OAuth error code only (a short token), never the body: it may say anything.
    const code = stringAt(answer, 'error');
    const said = code && /^[\w.-]{1,64}$/.test(code) ? ` (${code})` : '';
    throw new RegistrationRefused(502, 'platform_refused', 'The LMS refused the registration', `Its registration endpoint answered HTTP ${response.status}${said}. Check the tool settings the LMS allows, then open the link again.`);
  }
  const clientId = stringAt(answer, 'client_id');
  if (!clientId) throw unreachable('Its registration endpoint answered without a client_id.');
  const tool = answer[LTI_TOOL_CONFIGURATION];
  const deploymentId = typeof tool === 'object' && tool !== null ? (stringAt(tool as Record<string, unknown>, 'deployment_id') ?? null) : null;
  return { clientId, deploymentId };
}

/**
 * Registers the platform of `openid_configuration` in the link's workspace. The link is spent first
 * (so two uses cannot both register), and given back when the registration fails before the
 * platform made Lectern a client: the administrator fixes what the page says and opens it again.
 * Once the platform answered a client id, the link stays spent whatever happens next.
 */
export async function registerPlatform(ctx: LtiContext, input: RegisterInput): Promise<Registered> {
  if (!input.link || !input.openidConfiguration) {
    throw new RegistrationRefused(
      400,
      'registration_incomplete',
      'This is a Dynamic Registration link',
      'Paste it into your LMS where it registers a tool by URL (LTI Dynamic Registration): the LMS opens it with its openid_configuration.',
    );
  }
  const consumed = await consumeRegistrationLink(ctx, input.link);
  if (!consumed) {
    throw new RegistrationRefused(
      403,
      'registration_link_invalid',
      'This registration link cannot be used',
      'It is unknown, used already, or expired. Make a new link on the LTI page of the Lectern console (or with POST /api/v1/lti/registration-links).',
    );
  }
  const rules: PlatformCallPolicy = { policy: ctx.urlPolicy, ...(ctx.lookup ? { lookup: ctx.lookup } : {}) };
  let client: { clientId: string; deploymentId: string | null } | undefined;
  try {
    const platform = await readConfiguration(ctx, rules, input.openidConfiguration);
    client = await registerAtPlatform(rules, platform, input);
    const registration = await createRegistration(ctx, consumed.workspaceId, {
      issuer: platform.issuer,
      client_id: client.clientId,
      auth_login_url: platform.authorizationEndpoint,
      auth_token_url: platform.tokenEndpoint,
      jwks_url: platform.jwksUri,
      deployment_ids: client.deploymentId ? [client.deploymentId] : [],
    });
    await recordLinkRegistration(ctx, input.link, registration.id);
    return { registration, product: platform.product };
  } catch (error) {
    if (!client) await releaseRegistrationLink(ctx, input.link);
    if (error instanceof AppError && error.code === 'lti_registration_exists') {
      throw new RegistrationRefused(409, 'registration_exists', 'This LMS is registered already', `Lectern knows this platform with client id ${client?.clientId ?? ''} already; remove that registration first, or use it.`);
    }
    throw error;
  }
}
