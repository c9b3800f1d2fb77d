import { createHash, randomBytes } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import type { LtiRegistrationsTable } from '../../db/types.js';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { getCourse } from '../courses/courses.service.js';
import { enroll } from '../enrollments/enrollments.service.js';
import { createPlayerSession } from '../player/player-sessions.service.js';
import { createStudent, listStudents } from '../students/students.service.js';
import { addDeployment, findRegistration, findRegistrationByPlatform, findRegistrationsOfIssuer, listDeploymentIds } from './lti-registrations.repository.js';
import { insertLaunch } from './lti-launches.repository.js';
import { consumeLoginState, deleteExpiredLoginStates, findLoginState, insertLoginState, spendNonce } from './lti-states.repository.js';
import {
  checkHeader,
  checkLtiClaims,
  checkOidcClaims,
  CLOCK_SKEW_SECONDS,
  type LaunchClaims,
  type LaunchProblem,
  launchAudience,
  learnerProfile,
  serviceEndpoints,
} from './launch-validation.js';
import { PlatformKeyError, type PlatformKeySets } from './platform-jwks.js';

/** What launches need beyond the database and the clock: the platforms' key sets, kept across launches. */
export interface LtiLaunchContext extends ServiceContext {
  keySets: PlatformKeySets;
}

/** Ten minutes from the login to the launch: a platform answers its auth request at once. */
export const LOGIN_TTL_MS = 10 * 60 * 1000;
/** A spent nonce is kept this long past its token's expiry, to cover the clock skew allowed. */
const NONCE_KEEP_MS = 2 * CLOCK_SKEW_SECONDS * 1000;

/**
 * A launch or login Lectern refuses, with the page that says why. `newWindowUrl` adds the "Open in a
 * new window" link (the browser kept no state).
 */
export class LaunchRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    message: string,
    readonly newWindowUrl?: string,
  ) {
    super(message);
    this.name = 'LaunchRefused';
  }
}

const refuse = (p: LaunchProblem, title = 'This launch is not valid'): LaunchRefused => new LaunchRefused(p.status, p.code, title, p.message);
const invalid = (status: number, code: string, message: string): LaunchRefused => new LaunchRefused(status, code, 'This launch is not valid', message);

export const hashState = (state: string): string => createHash('sha256').update(state).digest('base64url');
const randomToken = (): string => randomBytes(32).toString('base64url');

export interface LoginParams {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
  lti_storage_target?: string;
}

export interface LoginStart {
  /** The platform's auth endpoint with the OIDC request in its query. */
  authUrl: string;
  /** The exact origin of that endpoint (platform storage messages go only there). */
  authOrigin: string;
  state: string;
  /** The frame of the platform storage, when the platform offered it. */
  storageTarget: string | null;
}

/**
 * OIDC third-party initiated login (LTI Core §5.1.1): finds the registration of (iss, client_id),
 * makes a state and a nonce (32 random bytes each) and records them for the launch that follows.
 */
export async function startLogin(ctx: ServiceContext, params: LoginParams, launchUrl: string): Promise<LoginStart> {
  const { iss, login_hint: loginHint, target_link_uri: targetLinkUri } = params;
  if (!iss || !loginHint || !targetLinkUri) {
    const missing = (['iss', 'login_hint', 'target_link_uri'] as const).filter((name) => !params[name]);
    throw new LaunchRefused(400, 'login_incomplete', 'This login is incomplete', `The platform's login request lacks ${missing.join(', ')}.`);
  }
  const registration = await registrationForLogin(ctx, iss, params.client_id);
  const authUrl = new URL(registration.auth_login_url);
  const state = randomToken();
  const nonce = randomToken();
  const now = ctx.clock.now();
  const loginParams = Object.fromEntries(
    (['iss', 'login_hint', 'target_link_uri', 'lti_message_hint', 'client_id', 'lti_deployment_id'] as const)
      .filter((name) => params[name] !== undefined)
      .map((name) => [name, params[name]]),
  );
  // Expired logins go as new ones come, so the table holds only what may still be used.
  await deleteExpiredLoginStates(ctx.db, toIso(now - LOGIN_TTL_MS));
  await insertLoginState(ctx.db, {
    state_hash: hashState(state),
    workspace_id: registration.workspace_id,
    registration_id: registration.id,
    nonce,
    target_link_uri: targetLinkUri,
    login_params: JSON.stringify({ ...loginParams, client_id: registration.client_id }),
    storage_target: params.lti_storage_target || null,
    expires_at: toIso(now + LOGIN_TTL_MS),
    used_at: null,
    created_at: toIso(now),
  });
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: registration.client_id,
    redirect_uri: launchUrl,
    login_hint: loginHint,
    state,
    nonce,
    ...(params.lti_message_hint !== undefined ? { lti_message_hint: params.lti_message_hint } : {}),
  };
  for (const [name, value] of Object.entries(query)) authUrl.searchParams.set(name, value);
  return { authUrl: authUrl.toString(), authOrigin: authUrl.origin, state, storageTarget: params.lti_storage_target || null };
}

async function registrationForLogin(ctx: ServiceContext, issuer: string, clientId: string | undefined): Promise<LtiRegistrationsTable> {
  const unknown = () =>
    new LaunchRefused(400, 'unknown_platform', 'This platform is not registered', `Lectern has no registration for the platform ${issuer}${clientId ? ` with client id ${clientId}` : ''}.`);
  let registration: LtiRegistrationsTable | undefined;
  if (clientId) {
    registration = await findRegistrationByPlatform(ctx.db, issuer, clientId);
  } else {
    const candidates = await findRegistrationsOfIssuer(ctx.db, issuer);
    if (candidates.length > 1) {
      throw new LaunchRefused(400, 'ambiguous_platform', 'This login names no client id', `Several Lectern registrations have the issuer ${issuer}: the platform must send client_id in its login request.`);
    }
    registration = candidates[0];
  }
  if (!registration) throw unknown();
  try {
    // The auth endpoint was checked when the registration was saved; a broken one still fails here, not later.
    new URL(registration.auth_login_url);
  } catch {
    throw new LaunchRefused(400, 'bad_registration', 'This platform is not registered correctly', "The registration's auth_login_url is not a URL.");
  }
  return registration;
}

export interface LaunchForm {
  id_token?: string;
  state?: string;
  /** Set by Lectern's own page after it found the state in the platform storage. */
  lti_storage_checked?: string;
}

export interface BrowserBinding {
  /** The state cookie set by the login came back with the launch. */
  cookie: boolean;
  /** The request came from a page of Lectern's own origin (`Sec-Fetch-Site`/`Origin`). */
  sameOrigin: boolean;
}

/** What a launch hands over when it is a teacher's deep-linking request (every launch check passed; nothing written yet). */
export interface DeepLinkingStart {
  registration: LtiRegistrationsTable;
  claims: Record<string, unknown>;
  deploymentId: string;
  newDeployment: boolean;
}

export type LaunchOutcome =
  /** `members`: a teacher's preview whose launch carries the roster service (NRPS): a start page offers Members. */
  | { kind: 'player'; url: string; launchId: string | null; mode: 'learner' | 'preview'; members: boolean; workspaceId: string; courseId: string }
  /** A teacher's deep-linking request, every check passed: the picker opens (deep-linking.service.ts). */
  | ({ kind: 'deep_linking' } & DeepLinkingStart)
  /** The cookie did not come back but the platform storage may hold the state: a page reads it and posts again. */
  | { kind: 'check_storage'; target: string; origin: string; state: string; idToken: string; newWindowUrl: string };

/**
 * `POST /lti/launch` (LTI Core §5.1.2, Security Framework §5.1.3): every check before anything is
 * written beyond the spent state and nonce; a refused launch throws LaunchRefused.
 */
export async function completeLaunch(ctx: LtiLaunchContext, form: LaunchForm, browser: BrowserBinding, baseUrl: string): Promise<LaunchOutcome> {
  const { id_token: idToken, state } = form;
  if (!state) throw invalid(400, 'no_state', 'The launch came without its state: start it again from the course.');
  if (!idToken) throw invalid(400, 'no_id_token', 'The launch came without its id_token: start it again from the course.');
  const stateHash = hashState(state);
  const login = await findLoginState(ctx.db, stateHash);
  const nowMs = ctx.clock.now();
  const now = toIso(nowMs);
  if (!login) throw invalid(401, 'unknown_state', 'This launch does not follow a login Lectern started (unknown state).');
  if (login.used_at !== null) throw invalid(401, 'state_used', 'This launch was already used (its state is single-use): start it again from the course.');
  if (login.expires_at <= now) throw invalid(401, 'state_expired', 'This launch took too long to come back from the platform: start it again from the course.');

  // The browser that logged in must be the one launching: its cookie, or the platform storage read back by Lectern's own page.
  const newWindowUrl = `${baseUrl}/lti/login?${new URLSearchParams(JSON.parse(login.login_params) as Record<string, string>).toString()}`;
  const storageChecked = form.lti_storage_checked === '1' && browser.sameOrigin && login.storage_target !== null;
  if (!browser.cookie && !storageChecked) {
    if (login.storage_target !== null && form.lti_storage_checked === undefined) {
      const registration = await findRegistration(ctx.db, login.workspace_id, login.registration_id);
      if (registration) {
        return { kind: 'check_storage', target: login.storage_target, origin: new URL(registration.auth_login_url).origin, state, idToken, newWindowUrl };
      }
    }
    throw new LaunchRefused(401, 'no_browser_state', 'Lectern could not open here', 'Your browser did not keep the launch\'s state (third-party cookies blocked?).', newWindowUrl);
  }
  if (!(await consumeLoginState(ctx.db, stateHash, now))) throw invalid(401, 'state_used', 'This launch was already used (its state is single-use): start it again from the course.');

  const registration = await findRegistration(ctx.db, login.workspace_id, login.registration_id);
  if (!registration) throw invalid(401, 'unknown_platform', 'The platform of this launch is no longer registered in Lectern.');

  const claims = await verifiedClaims(ctx, idToken, registration, nowMs);
  const oidc = checkOidcClaims(claims, { issuer: registration.issuer, clientId: registration.client_id, now: Math.floor(nowMs / 1000) });
  if (oidc) throw refuse(oidc);
  const nonce = claims.nonce as string;
  // A replay is told apart from a mismatch: the nonce is spent first, whatever the login.
  const nonceExpires = toIso(Math.max(nowMs, (claims.exp as number) * 1000) + NONCE_KEEP_MS);
  if (!(await spendNonce(ctx.db, registration.id, nonce, nonceExpires))) throw invalid(401, 'nonce_used', 'This launch token was already used (its nonce is single-use).');
  if (nonce !== login.nonce) throw invalid(401, 'bad_nonce', "The launch token's nonce is not the one of this login.");

  const checked = checkLtiClaims(claims);
  if ('problem' in checked) throw refuse(checked.problem);
  const launch = checked.launch;
  if (launch.targetLinkUri !== login.target_link_uri) throw invalid(400, 'bad_target_link_uri', "The launch's target_link_uri is not the one its login named.");

  const knownDeployments = await listDeploymentIds(ctx.db, registration.id);
  const newDeployment = !knownDeployments.includes(launch.deploymentId);
  if (newDeployment && registration.unknown_deployments === 'reject') {
    throw invalid(401, 'unknown_deployment', `The deployment ${launch.deploymentId} is not known to Lectern, and this registration accepts known deployments only.`);
  }

  const audience = launchAudience(launch.roles);
  if (launch.messageType === 'LtiDeepLinkingRequest') {
    if (audience !== 'teacher') throw new LaunchRefused(403, 'deep_linking_learner', 'Only teachers add content', 'Choosing Lectern content for a course is for its instructors.');
    return { kind: 'deep_linking', registration, claims, deploymentId: launch.deploymentId, newDeployment };
  }
  return openCourse(ctx, registration, claims, launch, audience, newDeployment, baseUrl);
}

/** The token's signature by the platform's key of its `kid` (RS256 only), and its payload. */
async function verifiedClaims(ctx: LtiLaunchContext, idToken: string, registration: LtiRegistrationsTable, nowMs: number): Promise<Record<string, unknown>> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(idToken);
  } catch {
    throw invalid(400, 'malformed_token', 'The launch token is not a signed JWT.');
  }
  const headerProblem = checkHeader(header);
  if (headerProblem) throw refuse(headerProblem);
  let key: Awaited<ReturnType<PlatformKeySets['key']>>;
  try {
    key = await ctx.keySets.key(registration.jwks_url, header.kid!);
  } catch (error) {
    if (error instanceof PlatformKeyError) throw invalid(401, error.kind === 'unknown_kid' ? 'unknown_kid' : 'jwks_unavailable', error.message);
    throw error;
  }
  try {
    // Claims are checked by checkOidcClaims, with this launch's wording; jose checks exp/nbf too, as a backstop.
    const { payload } = await jwtVerify(idToken, key, { algorithms: ['RS256'], currentDate: new Date(nowMs), clockTolerance: CLOCK_SKEW_SECONDS });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw invalid(401, 'expired', 'The launch token has expired: start the launch again from the course.');
    if (error instanceof joseErrors.JWTClaimValidationFailed) throw invalid(401, 'bad_claim', `The launch token's ${error.claim} claim is not valid.`);
    throw invalid(401, 'bad_signature', "The launch token's signature does not verify with the platform's key.");
  }
}

async function openCourse(
  ctx: LtiLaunchContext,
  registration: LtiRegistrationsTable,
  claims: Record<string, unknown>,
  launch: LaunchClaims,
  audience: 'teacher' | 'learner',
  newDeployment: boolean,
  baseUrl: string,
): Promise<LaunchOutcome> {
  const workspaceId = registration.workspace_id;
  const courseId = launch.custom.course_id;
  if (typeof courseId !== 'string' || courseId === '') {
    throw new LaunchRefused(400, 'no_course', 'This link opens no course', 'The link carries no Lectern course: its custom parameter course_id is missing.');
  }
  const course = await courseOfWorkspace(ctx, workspaceId, courseId);
  if (audience === 'learner' && !course.published) {
    throw new LaunchRefused(403, 'course_not_published', 'This course is not open yet', 'The course is not published in Lectern yet: ask your teacher.');
  }
  let externalId: string | null = null;
  if (audience === 'learner') {
    externalId = learnerExternalId(registration, claims);
    if (externalId === null) {
      throw invalid(400, 'no_student_claim', `The launch lacks the claim ${registration.student_id_claim} that this registration names students by.`);
    }
  }

  // Every check passed: from here the launch writes.
  const now = toIso(ctx.clock.now());
  if (newDeployment) await addDeployment(ctx.db, registration.id, launch.deploymentId, now);
  let studentId: string | null = null;
  if (externalId !== null) {
    studentId = (await findOrCreateStudent(ctx, registration, claims, externalId)).id;
    await enrollOnce(ctx, workspaceId, studentId, course.id);
  }
  const endpoints = serviceEndpoints(claims);
  const launchId = newId('lla', ctx.clock.now());
  await insertLaunch(ctx.db, {
    id: launchId,
    workspace_id: workspaceId,
    registration_id: registration.id,
    deployment_id: launch.deploymentId,
    sub: launch.sub,
    student_id: studentId,
    course_id: course.id,
    context_id: launch.contextId,
    resource_link_id: launch.resourceLinkId,
    roles: JSON.stringify(launch.roles),
    message_type: launch.messageType,
    ags_lineitem: endpoints.lineitem,
    ags_lineitems: endpoints.lineitems,
    ags_scopes: endpoints.scopes ? JSON.stringify(endpoints.scopes) : null,
    nrps_url: endpoints.nrpsUrl,
    created_at: now,
  });
  const mode = studentId === null ? 'preview' : 'learner';
  const session = await createPlayerSession(ctx, { workspaceId, courseId: course.id, studentId, mode, launchId, baseUrl });
  return { kind: 'player', url: session.url, launchId, mode, members: mode === 'preview' && endpoints.nrpsUrl !== null, workspaceId, courseId: course.id };
}

async function courseOfWorkspace(ctx: ServiceContext, workspaceId: string, courseId: string): Promise<{ id: string; published: boolean }> {
  try {
    const { data } = await getCourse(ctx, workspaceId, courseId);
    return { id: data.id, published: data.published };
  } catch (error) {
    if (error instanceof AppError && error.code === 'resource_not_found') {
      throw new LaunchRefused(403, 'course_not_in_workspace', 'This course is not available here', `The course ${courseId} is not in the Lectern workspace this platform is registered in.`);
    }
    throw error;
  }
}

/** `lti:<iss>:<sub>`, or the value of the registration's student claim (null when the launch lacks it). */
export function learnerExternalId(registration: LtiRegistrationsTable, claims: Record<string, unknown>): string | null {
  if (registration.student_id_claim === null) return Array.from(`lti:${registration.issuer}:${claims.sub as string}`).slice(0, 255).join('');
  const value = claims[registration.student_id_claim];
  if ((typeof value !== 'string' && typeof value !== 'number') || String(value) === '') return null;
  return String(value).slice(0, 255);
}

/**
 * The workspace's student of this external id, else a new one through the students service (its
 * event fires as over the API). An email another student holds, or none, gets the placeholder
 * `lti-<hash of iss and sub>@<registration id>.invalid` (RFC 2606: never mailed): a launch never
 * takes over a student it did not make.
 */
export async function findOrCreateStudent(
  ctx: ServiceContext,
  registration: LtiRegistrationsTable,
  claims: Record<string, unknown>,
  externalId: string,
): Promise<{ id: string; created: boolean }> {
  const workspaceId = registration.workspace_id;
  const existing = async () => (await listStudents(ctx, workspaceId, { external_id: externalId, cursor: '', per_page: 1 })).data[0]?.id;
  const found = await existing();
  if (found) return { id: found, created: false };
  const profile = learnerProfile(claims);
  const placeholder = `lti-${createHash('sha256').update(`${registration.issuer}\u0000${String(claims.sub)}`).digest('hex').slice(0, 24)}@${registration.id}.invalid`;
  const name = profile.name ?? 'LTI learner';
  for (const email of profile.email ? [profile.email, placeholder] : [placeholder]) {
    try {
      return { id: (await createStudent(ctx, workspaceId, { email, name, external_id: externalId })).data.id, created: true };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'student_exists') throw error;
      if (error.details.field === 'external_id') {
        // A concurrent launch of the same learner made them first.
        const made = await existing();
        if (made) return { id: made, created: false };
      }
    }
  }
  throw new LaunchRefused(409, 'student_conflict', 'Lectern could not add you to the course', 'A student with your address already exists in this workspace; ask whoever runs Lectern here.');
}

/**
 * Enrolls the student unless they are already (an active or completed enrollment stays as it is); true when it enrolled them.
 * An inactive student is refused (403 `student_inactive`).
 */
export async function enrollOnce(ctx: ServiceContext, workspaceId: string, studentId: string, courseId: string): Promise<boolean> {
  try {
    await enroll(ctx, workspaceId, { student_id: studentId, course_id: courseId });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'already_enrolled') return false;
    if (error instanceof AppError && error.code === 'student_inactive') {
      throw new LaunchRefused(403, 'student_inactive', 'You are not on the roster', 'Your student record in Lectern is inactive (a roster sync took you off it): ask whoever runs Lectern here.');
    }
    throw error;
  }
}
