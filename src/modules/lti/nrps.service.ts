import type { LtiPageTokensTable, LtiRegistrationsTable } from '../../db/types.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { getCourse } from '../courses/courses.service.js';
import { instructorHomeHtml, type MemberRow, type MembersPage, membersPageHtml } from './instructor-pages.js';
import { issuePageToken, livePageToken } from './instructor-tokens.service.js';
import { launchAudience } from './launch-validation.js';
import { findLaunch } from './lti-launches.repository.js';
import { enrollOnce, findOrCreateStudent, LaunchRefused, learnerExternalId } from './lti-launch.service.js';
import { findRegistration } from './lti-registrations.repository.js';
import { callPlatform, PlatformCallError } from './platform-http.js';
import { platformAccessToken, type PlatformTokenContext, PlatformTokenError } from './platform-token.js';

/**
 * LTI Names and Role Provisioning Services 2.0: a teacher's launch that carries the NRPS claim
 * offers Members, the LMS course's roster read from its context_memberships_url with a
 * client-credentials token (platform-token.ts), every page followed by its `Link: rel="next"`;
 * "Enroll all learners" makes each active learner a student of the launch's course, as a launch
 * would (the same external id, the same find-or-create, an enrollment once).
 */

export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** An hour of looking at the roster from one launch. */
export const MEMBERS_TTL_MS = 60 * 60 * 1000;
/** Bounds on a roster: a platform whose `next` never ends is not followed for ever. */
const MAX_PAGES = 100;
const MAX_MEMBERS = 10_000;
const PAGE_TIMEOUT_MS = 10_000;
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
const LEARNER_ROLES = new Set(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner', 'Learner']);

/** A member of the LMS course, as NRPS names one. */
export interface Member {
  user_id: string;
  roles: string[];
  status: string;
  name: string | null;
  given_name: string | null;
  family_name: string | null;
  email: string | null;
}

/** A teacher's start page after a launch with the roster service: the preview, and Members. */
export async function instructorHomePage(ctx: ServiceContext, input: { workspaceId: string; courseId: string; launchId: string; previewUrl: string }): Promise<string> {
  const membersToken = await openMembersAccess(ctx, input.launchId, input.workspaceId);
  const course = await getCourse(ctx, input.workspaceId, input.courseId);
  return instructorHomeHtml({ courseTitle: course.data.title, previewUrl: input.previewUrl, membersToken });
}

/** After a teacher's launch with the roster service: the token of its members page. */
async function openMembersAccess(ctx: ServiceContext, launchId: string, workspaceId: string): Promise<string> {
  const launch = await findLaunch(ctx.db, workspaceId, launchId);
  if (!launch) throw new Error(`LTI launch ${launchId} not found right after it was recorded`);
  return issuePageToken(
    ctx,
    { kind: 'members', workspace_id: workspaceId, registration_id: launch.registration_id, deployment_id: launch.deployment_id, launch_id: launch.id, return_url: null, settings: null },
    MEMBERS_TTL_MS,
  );
}

interface MembersSource {
  row: LtiPageTokensTable;
  registration: LtiRegistrationsTable;
  courseId: string;
  courseTitle: string;
  nrpsUrl: string;
}

async function membersSource(ctx: ServiceContext, token: string | undefined): Promise<MembersSource> {
  const row = await livePageToken(ctx, token, 'members', 'members page');
  const launch = row.launch_id ? await findLaunch(ctx.db, row.workspace_id, row.launch_id) : undefined;
  const registration = await findRegistration(ctx.db, row.workspace_id, row.registration_id);
  if (!launch || !registration || !launch.nrps_url || !launch.course_id) {
    throw new LaunchRefused(401, 'page_expired', 'This page has expired', 'This members page is no longer valid: open Lectern again from your course.');
  }
  const course = await getCourse(ctx, row.workspace_id, launch.course_id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'resource_not_found') {
      throw new LaunchRefused(404, 'course_not_available', 'This course is not available here', 'The course of this launch is no longer in Lectern.');
    }
    throw error;
  });
  return { row, registration, courseId: course.data.id, courseTitle: course.data.title, nrpsUrl: launch.nrps_url };
}

/** The members page: the roster as the platform gives it now. */
export async function membersPage(ctx: PlatformTokenContext, token: string | undefined): Promise<string> {
  const source = await membersSource(ctx, token);
  const roster = await fetchRoster(ctx, source.registration, source.nrpsUrl);
  return membersPageHtml(pageOf(token!, source, roster));
}

export interface EnrollResult {
  studentsCreated: number;
  enrolled: number;
  alreadyEnrolled: number;
  skipped: number;
}

/**
 * "Enroll all learners": the roster is read again (the page's list is not trusted), and each
 * active learner is found or made a student (as a launch of theirs would) and enrolled once.
 */
export async function enrollAllLearners(ctx: PlatformTokenContext, token: string | undefined): Promise<{ html: string; result: EnrollResult }> {
  const source = await membersSource(ctx, token);
  const roster = await fetchRoster(ctx, source.registration, source.nrpsUrl);
  const result: EnrollResult = { studentsCreated: 0, enrolled: 0, alreadyEnrolled: 0, skipped: 0 };
  const workspaceId = source.registration.workspace_id;
  for (const member of roster.members.filter(isActiveLearner)) {
    // The claims a launch of this member would carry, as far as the roster tells them.
    const claims: Record<string, unknown> = { sub: member.user_id, name: member.name, given_name: member.given_name, family_name: member.family_name, email: member.email };
    const externalId = learnerExternalId(source.registration, claims);
    if (externalId === null) {
      result.skipped += 1;
      continue;
    }
    const student = await findOrCreateStudent(ctx, source.registration, claims, externalId).catch((error: unknown) => {
      if (error instanceof LaunchRefused) return null;
      throw error;
    });
    if (!student) {
      result.skipped += 1;
      continue;
    }
    if (student.created) result.studentsCreated += 1;
    const enrolled = await enrollOnce(ctx, workspaceId, student.id, source.courseId).catch((error: unknown) => {
      // An inactive student (taken off the roster by a sync) is left as they are.
      if (error instanceof LaunchRefused) return null;
      throw error;
    });
    if (enrolled === null) result.skipped += 1;
    else if (enrolled) result.enrolled += 1;
    else result.alreadyEnrolled += 1;
  }
  return { html: membersPageHtml({ ...pageOf(token!, source, roster), result }), result };
}

function pageOf(token: string, source: MembersSource, roster: Roster): MembersPage {
  const rows: MemberRow[] = roster.members.map((m) => ({
    name: m.name ?? ([m.given_name, m.family_name].filter(Boolean).join(' ') || null),
    email: m.email,
    userId: m.user_id,
    roles: m.roles,
    status: m.status,
    learner: isActiveLearner(m),
  }));
  return { token, courseTitle: source.courseTitle, contextTitle: roster.contextTitle, members: rows };
}

/** An active member whose roles in the course make a learner (a teacher who is also listed as learner is not). */
export function isActiveLearner(member: Member): boolean {
  return member.status === 'Active' && member.roles.some((r) => LEARNER_ROLES.has(r)) && launchAudience(member.roles) === 'learner';
}

export interface Roster {
  contextTitle: string | null;
  members: Member[];
}

/** Every page of the roster, following `Link: <…>; rel="next"`, on one access token. */
export async function fetchRoster(ctx: PlatformTokenContext, registration: LtiRegistrationsTable, url: string): Promise<Roster> {
  const unavailable = (reason: string) =>
    new LaunchRefused(502, 'roster_unavailable', 'Lectern could not read the course members', `Your learning platform did not give the course's members: ${reason}`);
  let accessToken: string;
  try {
    accessToken = await platformAccessToken(ctx, registration, [NRPS_SCOPE]);
  } catch (error) {
    if (error instanceof PlatformTokenError) throw unavailable(error.reason);
    throw error;
  }
  const members: Member[] = [];
  const seen = new Set<string>();
  let contextTitle: string | null = null;
  let next: string | null = url;
  while (next !== null && !seen.has(next) && seen.size < MAX_PAGES && members.length < MAX_MEMBERS) {
    seen.add(next);
    let response;
    try {
      response = await callPlatform(
        { url: next, headers: { accept: NRPS_MEDIA_TYPE, authorization: `Bearer ${accessToken}` }, timeoutMs: PAGE_TIMEOUT_MS, maxResponseBytes: MAX_PAGE_BYTES },
        ctx.platformCalls,
      );
    } catch (error) {
      if (error instanceof PlatformCallError) throw unavailable(`the roster could not be reached (${error.reason}).`);
      throw error;
    }
    if (response.status === 401) ctx.tokens.forget(registration.id);
    if (response.status !== 200) throw unavailable(`the roster answered ${response.status}.`);
    let page: unknown;
    try {
      page = JSON.parse(response.body);
    } catch {
      throw unavailable('the roster is not JSON.');
    }
    const container = typeof page === 'object' && page !== null ? (page as Record<string, unknown>) : {};
    if (!Array.isArray(container.members)) throw unavailable('the roster lists no members.');
    const context = container.context;
    if (contextTitle === null && typeof context === 'object' && context !== null && typeof (context as Record<string, unknown>).title === 'string') {
      contextTitle = (context as Record<string, unknown>).title as string;
    }
    for (const raw of container.members) {
      const member = parseMember(raw);
      if (member) members.push(member);
    }
    next = nextLink(response.headers.link, next);
  }
  return { contextTitle, members: members.slice(0, MAX_MEMBERS) };
}

function parseMember(raw: unknown): Member | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as Record<string, unknown>;
  const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const userId = text(m.user_id);
  if (!userId) return null;
  return {
    user_id: userId,
    roles: Array.isArray(m.roles) ? m.roles.filter((r): r is string => typeof r === 'string') : [],
    // NRPS: a member without a status is active.
    status: text(m.status) ?? 'Active',
    name: text(m.name),
    given_name: text(m.given_name),
    family_name: text(m.family_name),
    email: text(m.email),
  };
}

/** The `rel="next"` target of a Link header (RFC 8288), resolved against the page's URL; null when there is none. */
export function nextLink(header: string | string[] | undefined, base: string): string | null {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  for (const value of values) {
    for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
      const params = match[2] ?? '';
      const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
      const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
      if (rels.includes('next')) {
        try {
          return new URL(match[1]!, base).toString();
        } catch {
          return null;
        }
      }
    }
  }
  return null;
}
