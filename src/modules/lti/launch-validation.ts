/**
 * The checks of an LTI 1.3 id_token that need no I/O (1EdTech Security Framework §5.1.3, LTI Core
 * §5.3): the JOSE header, the OIDC claims against the registration, and the LTI claims a launch
 * must carry. Each answers the first problem found, worded for the person who sees the error page.
 */

export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIMS = {
  messageType: `${LTI_CLAIM}message_type`,
  version: `${LTI_CLAIM}version`,
  deploymentId: `${LTI_CLAIM}deployment_id`,
  targetLinkUri: `${LTI_CLAIM}target_link_uri`,
  resourceLink: `${LTI_CLAIM}resource_link`,
  roles: `${LTI_CLAIM}roles`,
  context: `${LTI_CLAIM}context`,
  custom: `${LTI_CLAIM}custom`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** How far a platform's clock may be off ours, in seconds, for `exp` and `iat`. */
export const CLOCK_SKEW_SECONDS = 60;

/** A refused launch: the HTTP status and what the page says. */
export interface LaunchProblem {
  status: 400 | 401 | 403;
  /** A stable short code, for logs and tests. */
  code: string;
  message: string;
}

const problem = (status: LaunchProblem['status'], code: string, message: string): LaunchProblem => ({ status, code, message });

/** The JOSE header: RS256 only (never `none`, never an HMAC keyed with the public key), and a `kid`. */
export function checkHeader(header: { alg?: unknown; kid?: unknown }): LaunchProblem | undefined {
  if (header.alg !== 'RS256') return problem(401, 'bad_alg', `The launch token is signed with ${typeof header.alg === 'string' ? header.alg : 'no algorithm'}; only RS256 is accepted.`);
  if (typeof header.kid !== 'string' || header.kid === '') return problem(401, 'no_kid', 'The launch token names no key (kid) in its header.');
  return undefined;
}

export interface ExpectedPlatform {
  issuer: string;
  clientId: string;
  /** Seconds since the epoch. */
  now: number;
  skewSeconds?: number;
}

/** The OIDC claims of a signature-checked id_token: iss, aud, azp, exp, iat, nonce. */
export function checkOidcClaims(claims: Record<string, unknown>, expected: ExpectedPlatform): LaunchProblem | undefined {
  const skew = expected.skewSeconds ?? CLOCK_SKEW_SECONDS;
  if (claims.iss !== expected.issuer) return problem(401, 'bad_iss', `The launch token comes from issuer ${JSON.stringify(claims.iss ?? null)}, not from the platform this login started with.`);
  const aud = claims.aud;
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) && aud.every((a) => typeof a === 'string') ? (aud) : undefined;
  if (!audiences || !audiences.includes(expected.clientId)) return problem(401, 'bad_aud', "The launch token is not meant for Lectern's client id at this platform (aud).");
  if (audiences.length > 1 && claims.azp === undefined) return problem(401, 'no_azp', 'The launch token names several audiences but no authorized party (azp).');
  if (claims.azp !== undefined && claims.azp !== expected.clientId) return problem(401, 'bad_azp', "The launch token's authorized party (azp) is not Lectern's client id.");
  if (typeof claims.exp !== 'number') return problem(401, 'no_exp', 'The launch token has no expiry (exp).');
  if (claims.exp + skew <= expected.now) return problem(401, 'expired', 'The launch token has expired: start the launch again from the course.');
  if (typeof claims.iat !== 'number') return problem(401, 'no_iat', 'The launch token has no issue time (iat).');
  if (claims.iat - skew > expected.now) return problem(401, 'iat_future', 'The launch token was issued in the future (iat): check the platform\'s clock.');
  if (typeof claims.nonce !== 'string' || claims.nonce === '') return problem(401, 'no_nonce', 'The launch token has no nonce.');
  return undefined;
}

/** What a launch carries once its LTI claims have been checked. */
export interface LaunchClaims {
  messageType: MessageType;
  deploymentId: string;
  targetLinkUri: string;
  sub: string | null;
  roles: string[];
  resourceLinkId: string | null;
  contextId: string | null;
  custom: Record<string, unknown>;
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The LTI claims every launch must carry (LTI Core §5.3, §5.4), and those of its message type. */
export function checkLtiClaims(claims: Record<string, unknown>): { problem: LaunchProblem } | { launch: LaunchClaims } {
  const missing = (name: string) => ({ problem: problem(400, `missing_${name}`, `The launch is missing the required ${name} claim.`) });
  const messageType = claims[CLAIMS.messageType];
  if (messageType === undefined) return missing('message_type');
  if (!(MESSAGE_TYPES as readonly unknown[]).includes(messageType)) {
    return { problem: problem(400, 'bad_message_type', `Lectern does not take ${JSON.stringify(messageType)} messages (only ${MESSAGE_TYPES.join(' and ')}).`) };
  }
  const version = claims[CLAIMS.version];
  if (version === undefined) return missing('version');
  if (version !== '1.3.0') return { problem: problem(400, 'bad_version', `The launch is LTI version ${JSON.stringify(version)}; Lectern takes 1.3.0.`) };
  const deploymentId = claims[CLAIMS.deploymentId];
  if (!nonEmptyString(deploymentId)) return missing('deployment_id');
  const targetLinkUri = claims[CLAIMS.targetLinkUri];
  if (!nonEmptyString(targetLinkUri)) return missing('target_link_uri');
  const roles = claims[CLAIMS.roles];
  if (roles === undefined) return missing('roles');
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')) return { problem: problem(400, 'bad_roles', 'The roles claim is not a list of role names.') };
  const sub = claims.sub;
  if (sub !== undefined && !nonEmptyString(sub)) return { problem: problem(400, 'bad_sub', 'The launch names its user (sub) with an empty or non-text value.') };
  let resourceLinkId: string | null = null;
  if (messageType === 'LtiResourceLinkRequest') {
    const link = claims[CLAIMS.resourceLink];
    if (!isObject(link) || !nonEmptyString(link.id)) return missing('resource_link');
    resourceLinkId = link.id;
    // An anonymous launch opens nothing in Lectern: progress and grades need someone to belong to.
    if (sub === undefined) return missing('sub');
  } else if (!isObject(claims[CLAIMS.deepLinkingSettings])) {
    return missing('deep_linking_settings');
  }
  const context = claims[CLAIMS.context];
  const contextId = isObject(context) && nonEmptyString(context.id) ? context.id : null;
  const custom = claims[CLAIMS.custom];
  return {
    launch: {
      messageType: messageType as MessageType,
      deploymentId,
      targetLinkUri,
      sub: sub ?? null,
      roles: roles,
      resourceLinkId,
      contextId,
      custom: isObject(custom) ? custom : {},
    },
  };
}

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';
/** Context roles that open a course as its teacher would: a preview, no student. */
const TEACHING_CONTEXT_ROLES = new Set([
  `${LIS}membership#Instructor`,
  `${LIS}membership#Administrator`,
  `${LIS}membership#ContentDeveloper`,
  `${LIS}membership/Instructor#TeachingAssistant`,
  `${LIS}membership#TeachingAssistant`,
  // LTI 1.3 still allows the short forms of context roles (LTI Core §A.2.3.1).
  'Instructor',
  'Administrator',
  'ContentDeveloper',
  'TeachingAssistant',
]);
/** Institution and system roles that count only when the launch says nothing of the context. */
const TEACHING_WIDER_ROLES = new Set([
  `${LIS}institution/person#Instructor`,
  `${LIS}institution/person#Faculty`,
  `${LIS}institution/person#Administrator`,
  `${LIS}system/person#Administrator`,
  `${LIS}system/person#SysAdmin`,
]);

const isContextRole = (role: string): boolean => role.startsWith(`${LIS}membership`) || !role.includes('/');

/**
 * Whether a launch opens the course as a teacher (a preview) or as a learner. The roles in the
 * context decide when there are any, so an institution's instructor taking a course as a
 * learner is a learner there; otherwise institution and system roles. No role, or roles Lectern
 * does not know, make a learner.
 */
export function launchAudience(roles: readonly string[]): 'teacher' | 'learner' {
  const contextRoles = roles.filter(isContextRole);
  if (contextRoles.length > 0) return contextRoles.some((r) => TEACHING_CONTEXT_ROLES.has(r)) ? 'teacher' : 'learner';
  return roles.some((r) => TEACHING_WIDER_ROLES.has(r)) ? 'teacher' : 'learner';
}

/** What a launch says of its learner: the claims of OIDC's standard profile, each when usable. */
export function learnerProfile(claims: Record<string, unknown>): { email: string | null; name: string | null } {
  const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const email = text(claims.email);
  const fullName = text(claims.name) ?? ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || null);
  return {
    // Only an address the students' schema would take; anything else gets the placeholder.
    email: email && email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null,
    name: fullName ? Array.from(fullName).slice(0, 200).join('') : null,
  };
}

/**
 * The AGS and NRPS endpoints of a launch, for the grade and roster services: only https or http
 * URLs are kept (the outgoing-call policy checks the addresses when they are used).
 */
export function serviceEndpoints(claims: Record<string, unknown>): { lineitem: string | null; lineitems: string | null; scopes: string[] | null; nrpsUrl: string | null } {
  const url = (value: unknown): string | null => {
    if (typeof value !== 'string') return null;
    try {
      const parsed = new URL(value);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? value : null;
    } catch {
      return null;
    }
  };
  const ags = claims[CLAIMS.ags];
  const nrps = claims[CLAIMS.nrps];
  const scopes = isObject(ags) && Array.isArray(ags.scope) ? ags.scope.filter((s): s is string => typeof s === 'string') : null;
  return {
    lineitem: isObject(ags) ? url(ags.lineitem) : null,
    lineitems: isObject(ags) ? url(ags.lineitems) : null,
    scopes,
    nrpsUrl: isObject(nrps) ? url(nrps.context_memberships_url) : null,
  };
}
