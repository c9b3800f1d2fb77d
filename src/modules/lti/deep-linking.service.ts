import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import type { Course } from '../courses/courses.schemas.js';
import { getCourse, listCourses } from '../courses/courses.service.js';
import { type PickerCourse, pickerPageHtml } from './instructor-pages.js';
import { issuePageToken, livePageToken, spendPageToken } from './instructor-tokens.service.js';
import { CLAIMS } from './launch-validation.js';
import { type DeepLinkingStart, LaunchRefused } from './lti-launch.service.js';
import { addDeployment, findRegistration } from './lti-registrations.repository.js';
import { currentToolKey } from './tool-keys.service.js';

/**
 * LTI Deep Linking 2.0: a teacher's LtiDeepLinkingRequest opens a picker of the workspace's
 * published courses; the course picked goes back to the platform as a signed
 * LtiDeepLinkingResponse with one `ltiResourceLink` per course (custom `course_id`, a line item
 * of maximum 100). The picker runs on a page token (instructor-tokens.service.ts), spent by the answer.
 */

export const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
/** Half an hour to choose: a picker left open longer is opened again from the LMS. */
export const PICKER_TTL_MS = 30 * 60 * 1000;
/** Courses shown at once; a search narrows the rest. */
const PICKER_SIZE = 50;
/** The signed answer is posted by the browser at once. */
const RESPONSE_TTL_SECONDS = 300;
const RESOURCE_LINK = 'ltiResourceLink';

/** The request's settings Lectern answers by, kept with the picker's token. */
interface PickerSettings {
  /** Present only when the request carried `data`: echoed as given. */
  data?: unknown;
  accept_multiple: boolean;
  title: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the request's deep_linking_settings, records a new deployment, and answers the picker page. */
export async function startDeepLinking(ctx: ServiceContext, start: DeepLinkingStart): Promise<string> {
  const settings = start.claims[CLAIMS.deepLinkingSettings];
  if (!isObject(settings)) throw new LaunchRefused(400, 'missing_deep_linking_settings', 'This launch is not valid', 'The launch is missing the required deep_linking_settings claim.');
  const returnUrl = settings.deep_link_return_url;
  if (typeof returnUrl !== 'string' || !isWebUrl(returnUrl)) {
    throw new LaunchRefused(400, 'bad_deep_link_return_url', 'This launch is not valid', "The deep-linking request's deep_link_return_url is not an http(s) URL.");
  }
  const acceptTypes = Array.isArray(settings.accept_types) ? settings.accept_types.filter((t): t is string => typeof t === 'string') : [];
  if (!acceptTypes.includes(RESOURCE_LINK)) {
    throw new LaunchRefused(
      400,
      'deep_linking_unsupported_types',
      'Lectern has nothing of that kind to add',
      `Your learning platform asks for ${acceptTypes.length > 0 ? acceptTypes.join(', ') : 'no content type'} here; Lectern adds courses as links (ltiResourceLink). Add Lectern where the platform accepts links.`,
    );
  }
  const stored: PickerSettings = {
    ...('data' in settings ? { data: settings.data } : {}),
    accept_multiple: settings.accept_multiple === true,
    title: typeof settings.title === 'string' && settings.title.trim() !== '' ? settings.title.trim() : null,
  };
  const { registration } = start;
  if (start.newDeployment) await addDeployment(ctx.db, registration.id, start.deploymentId, nowIso(ctx.clock));
  const token = await issuePageToken(
    ctx,
    {
      kind: 'deep_linking',
      workspace_id: registration.workspace_id,
      registration_id: registration.id,
      deployment_id: start.deploymentId,
      launch_id: null,
      return_url: returnUrl,
      settings: JSON.stringify(stored),
    },
    PICKER_TTL_MS,
  );
  return pickerHtml(ctx, token, registration.workspace_id, stored, '');
}

/** The picker again, with a search by title. */
export async function searchPicker(ctx: ServiceContext, token: string | undefined, query: string): Promise<string> {
  const row = await livePageToken(ctx, token, 'deep_linking', 'course picker');
  return pickerHtml(ctx, token!, row.workspace_id, JSON.parse(row.settings ?? '{}') as PickerSettings, query.trim().slice(0, 200));
}

async function pickerHtml(ctx: ServiceContext, token: string, workspaceId: string, settings: PickerSettings, query: string): Promise<string> {
  const { courses, more } = await publishedCourses(ctx, workspaceId, query);
  return pickerPageHtml({ token, query, courses, more, multiple: settings.accept_multiple, title: settings.title });
}

/** Folded for matching: case and accents ignored. */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The workspace's published courses whose title holds the query (every word of it), through the
 * courses service's list in cursor mode: the first PICKER_SIZE and how many more match.
 */
async function publishedCourses(ctx: ServiceContext, workspaceId: string, query: string): Promise<{ courses: PickerCourse[]; more: number }> {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matches = (course: Course) => {
    const title = fold(course.title);
    return words.every((w) => title.includes(w));
  };
  const courses: PickerCourse[] = [];
  let more = 0;
  let cursor = '';
  for (;;) {
    const page = await listCourses(ctx, workspaceId, { published: true, per_page: 100, cursor, sort: 'title' });
    for (const course of page.data.filter(matches)) {
      if (courses.length < PICKER_SIZE) courses.push({ id: course.id, title: course.title, description: course.description });
      else more += 1;
    }
    if (!page.pagination.next_cursor) break;
    cursor = page.pagination.next_cursor;
  }
  return { courses, more };
}

export interface DeepLinkAnswer {
  returnUrl: string;
  /** The signed LtiDeepLinkingResponse, for the form's `JWT` field. */
  jwt: string;
  titles: string[];
}

/**
 * The teacher's choice, answered: the courses must be published courses of the picker's workspace
 * (404 otherwise, and the picker stays usable); then the token is spent (a second answer is
 * refused) and the response is signed with the tool's current key.
 */
export async function answerDeepLinking(ctx: ServiceContext, token: string | undefined, courseIds: string[], baseUrl: string): Promise<DeepLinkAnswer> {
  const row = await livePageToken(ctx, token, 'deep_linking', 'course picker');
  const settings = JSON.parse(row.settings ?? '{}') as PickerSettings;
  const ids = [...new Set(courseIds.filter((id) => id !== ''))];
  if (ids.length === 0) throw new LaunchRefused(400, 'no_course_chosen', 'No course chosen', 'Choose a course to add, then press "Add to the course".');
  if (ids.length > 1 && !settings.accept_multiple) throw new LaunchRefused(400, 'one_course_only', 'One course only', 'Your learning platform takes one course here: choose one.');
  const courses: Course[] = [];
  for (const id of ids) courses.push(await publishedCourse(ctx, row.workspace_id, id));
  const registration = await findRegistration(ctx.db, row.workspace_id, row.registration_id);
  if (!registration) throw new LaunchRefused(401, 'unknown_platform', 'This platform is no longer registered', 'The platform of this request is no longer registered in Lectern.');
  if (!(await spendPageToken(ctx, token!))) {
    throw new LaunchRefused(409, 'page_used', 'This was already sent', 'This course picker was already used: open Lectern again from your course to choose again.');
  }
  const launchUrl = `${baseUrl.replace(/\/+$/, '')}/lti/launch`;
  const items = courses.map((course) => ({
    type: RESOURCE_LINK,
    title: course.title,
    ...(course.description ? { text: course.description } : {}),
    url: launchUrl,
    custom: { course_id: course.id },
    lineItem: { scoreMaximum: 100, label: course.title, resourceId: course.id },
  }));
  const key = await currentToolKey(ctx);
  const now = Math.floor(ctx.clock.now() / 1000);
  const jwt = await new SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    [CLAIMS.deploymentId]: row.deployment_id,
    [CLAIMS.messageType]: 'LtiDeepLinkingResponse',
    [CLAIMS.version]: '1.3.0',
    [`${DL_CLAIM}content_items`]: items,
    ...('data' in settings ? { [`${DL_CLAIM}data`]: settings.data } : {}),
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(registration.client_id)
    .setAudience(registration.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + RESPONSE_TTL_SECONDS)
    .sign(key.privateKey);
  return { returnUrl: row.return_url!, jwt, titles: courses.map((c) => c.title) };
}

/** A published course of the workspace; anything else (another workspace's, a draft, none) is not found here. */
async function publishedCourse(ctx: ServiceContext, workspaceId: string, id: string): Promise<Course> {
  const notHere = () => new LaunchRefused(404, 'course_not_available', 'This course is not available here', `The course ${id} is not a published course of this Lectern workspace.`);
  try {
    const { data } = await getCourse(ctx, workspaceId, id);
    if (!data.published) throw notHere();
    return data;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'resource_not_found' || error.code === 'validation_error')) throw notHere();
    throw error;
  }
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The origin a page's CSP lets the answer's form post to. */
export const returnOrigin = (returnUrl: string): string => new URL(returnUrl).origin;
