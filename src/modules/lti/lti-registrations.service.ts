import { createHash, randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../db/dialect.js';
import type { LtiRegistrationsTable } from '../../db/types.js';
import { nowIso, toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { updateVersioned, type Versioned } from '../../shared/versioned.js';
import { checkWebhookUrl, type Lookup, type UrlPolicy } from '../webhooks/url-safety.js';
import * as repo from './lti-registrations.repository.js';
import {
  type CreateLtiRegistrationBody,
  type CreateLtiRegistrationLinkBody,
  LINK_DEFAULT_SECONDS,
  type ListLtiRegistrationsQuery,
  type LtiRegistration,
  type LtiRegistrationLink,
  registrationSorts,
  type UpdateLtiRegistrationBody,
} from './lti-registrations.schemas.js';

/** What the LTI services need beyond the database: the rules for platform URLs (lti-url-policy.ts). */
export interface LtiContext extends ServiceContext {
  urlPolicy: UrlPolicy;
  /** Resolves host names when checking URLs; tests inject one. */
  lookup?: Lookup | undefined;
}

/** A registration row with the deployment ids known for it. */
type RegistrationState = repo.RegistrationRow & { deployment_ids: string[] };

export function toRegistration(row: RegistrationState): LtiRegistration {
  return {
    id: row.id,
    issuer: row.issuer,
    client_id: row.client_id,
    auth_login_url: row.auth_login_url,
    auth_token_url: row.auth_token_url,
    jwks_url: row.jwks_url,
    deployment_ids: row.deployment_ids,
    unknown_deployments: row.unknown_deployments,
    student_id_claim: row.student_id_claim,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Launches add deployment ids without a new version: their count is part of the ETag. */
function versioned(row: RegistrationState): Versioned<LtiRegistration> {
  return { data: toRegistration(row), etag: etagOf(row.version, row.deployment_ids.length) };
}

const urlFields = ['auth_login_url', 'auth_token_url', 'jwks_url'] as const;

/** 400 validation_error, one entry per URL that a platform may not have (the webhooks' rules, lti-url-policy.ts). */
async function assertPlatformUrls(ctx: LtiContext, body: Partial<Record<(typeof urlFields)[number], string>>): Promise<void> {
  const errors: { path: string; message: string }[] = [];
  for (const field of urlFields) {
    const url = body[field];
    if (url === undefined) continue;
    const problem = await checkWebhookUrl(url, ctx.urlPolicy, ctx.lookup);
    if (problem) errors.push({ path: `/${field}`, message: problem });
  }
  if (errors.length > 0) throw new AppError('validation_error', `Invalid body: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors });
}

/**
 * 409 `lti_registration_exists`: (issuer, client_id) is registered already. Its id is named only
 * when it is the caller's workspace's own: another workspace's registration is not shown.
 */
async function registrationExists(ctx: ServiceContext, workspaceId: string, issuer: string, clientId: string): Promise<AppError> {
  const existingId = await repo.registrationIdOfPlatform(ctx.db, issuer, clientId);
  const own = existingId !== undefined && (await repo.findRegistration(ctx.db, workspaceId, existingId)) !== undefined;
  return new AppError(
    'lti_registration_exists',
    own
      ? `This workspace has registered the platform ${issuer} with client_id ${clientId} already (${existingId})`
      : `The platform ${issuer} with client_id ${clientId} is registered already; a platform's client id belongs to one workspace`,
    { registration_id: own ? existingId : null },
  );
}

export async function listRegistrations(ctx: ServiceContext, workspaceId: string, query: ListLtiRegistrationsQuery): Promise<PageResult<LtiRegistration>> {
  const page = parseListQuery('lti-registrations', workspaceId, query, registrationSorts, 'created_at');
  const filters = { updatedSince: query.updated_since };
  const [rows, total] = await Promise.all([
    repo.listRegistrations(ctx.db, workspaceId, filters, page),
    page.mode === 'page' ? repo.countRegistrations(ctx.db, workspaceId, filters) : undefined,
  ]);
  const deployments = await repo.deploymentIdsOf(ctx.db, rows.map((r) => r.id));
  const sortValue = (row: repo.RegistrationRow) => (page.sort.column === 'updated_at' ? row.updated_at : row.created_at);
  return toPageResult('lti-registrations', workspaceId, page, rows, total, sortValue, (row) =>
    toRegistration({ ...row, deployment_ids: deployments.get(row.id) ?? [] }),
  );
}

async function loadRegistration(ctx: ServiceContext, workspaceId: string, id: string): Promise<RegistrationState | undefined> {
  const row = await repo.findRegistration(ctx.db, workspaceId, id);
  return row && { ...row, deployment_ids: await repo.listDeploymentIds(ctx.db, id) };
}

export async function getRegistration(ctx: ServiceContext, workspaceId: string, id: string): Promise<Versioned<LtiRegistration>> {
  const state = await loadRegistration(ctx, workspaceId, id);
  if (!state) throw notFound('LTI registration', id);
  return versioned(state);
}

export async function createRegistration(ctx: LtiContext, workspaceId: string, body: CreateLtiRegistrationBody): Promise<LtiRegistration> {
  await assertPlatformUrls(ctx, body);
  if (await repo.registrationIdOfPlatform(ctx.db, body.issuer, body.client_id)) throw await registrationExists(ctx, workspaceId, body.issuer, body.client_id);
  const now = nowIso(ctx.clock);
  const row: LtiRegistrationsTable = {
    id: newId('ltr', ctx.clock.now()),
    workspace_id: workspaceId,
    issuer: body.issuer,
    client_id: body.client_id,
    auth_login_url: body.auth_login_url,
    auth_token_url: body.auth_token_url,
    jwks_url: body.jwks_url,
    unknown_deployments: body.unknown_deployments ?? 'accept',
    student_id_claim: body.student_id_claim ?? null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const deploymentIds = body.deployment_ids ?? [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.insertRegistration(trx, row);
      await repo.replaceDeployments(trx, row.id, deploymentIds, now);
    });
  } catch (error) {
    // Another request registered the same platform in between.
    if (isUniqueViolation(error)) throw await registrationExists(ctx, workspaceId, body.issuer, body.client_id);
    throw error;
  }
  return toRegistration({ ...row, deployment_ids: deploymentIds });
}

export async function updateRegistration(
  ctx: LtiContext,
  workspaceId: string,
  id: string,
  body: UpdateLtiRegistrationBody,
  ifMatch?: string,
): Promise<Versioned<LtiRegistration>> {
  await assertPlatformUrls(ctx, body);
  try {
    return await updateVersioned<RegistrationState, LtiRegistration>({
      load: () => loadRegistration(ctx, workspaceId, id),
      missing: () => notFound('LTI registration', id),
      present: versioned,
      changes: (current) => {
        const changes: Partial<RegistrationState> = {};
        for (const field of ['issuer', 'client_id', 'auth_login_url', 'auth_token_url', 'jwks_url', 'unknown_deployments', 'student_id_claim'] as const) {
          const value = body[field];
          if (value !== undefined && value !== current[field]) Object.assign(changes, { [field]: value });
        }
        const wanted = body.deployment_ids;
        if (wanted !== undefined && (wanted.length !== current.deployment_ids.length || wanted.some((d) => !current.deployment_ids.includes(d)))) {
          changes.deployment_ids = wanted;
        }
        return changes;
      },
      write: (version, changes, next) =>
        ctx.db.transaction().execute(async (trx) => {
          const { deployment_ids: deploymentIds, ...columns } = changes;
          if (!(await repo.updateRegistration(trx, workspaceId, id, version, columns))) return false;
          if (deploymentIds !== undefined) {
            await repo.replaceDeployments(trx, id, deploymentIds, columns.updated_at ?? nowIso(ctx.clock));
            // Ids kept keep their place; the list as stored is what the answer shows.
            next.deployment_ids = await repo.listDeploymentIds(trx, id);
          }
          return true;
        }),
      ifMatch,
      now: () => nowIso(ctx.clock),
    });
  } catch (error) {
    if (isUniqueViolation(error) && (body.issuer !== undefined || body.client_id !== undefined)) {
      const current = await repo.findRegistration(ctx.db, workspaceId, id);
      throw await registrationExists(ctx, workspaceId, body.issuer ?? current?.issuer ?? '', body.client_id ?? current?.client_id ?? '');
    }
    throw error;
  }
}

export async function deleteRegistration(ctx: ServiceContext, workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
  if (!(await repo.deleteRegistration(ctx.db, workspaceId, id))) throw notFound('LTI registration', id);
  return { id, deleted: true };
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A one-time Dynamic Registration URL for the workspace, on `baseUrl` (PUBLIC_URL, else the
 * request's origin). Only a hash of its token is stored: the URL is shown this once.
 */
export async function createRegistrationLink(
  ctx: ServiceContext,
  workspaceId: string,
  body: CreateLtiRegistrationLinkBody,
  baseUrl: string,
): Promise<LtiRegistrationLink> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = toIso(now + (body.expires_in_seconds ?? LINK_DEFAULT_SECONDS) * 1000);
  await repo.insertRegistrationLink(ctx.db, { hash: sha256(token), workspace_id: workspaceId, expires_at: expiresAt, used_at: null, registration_id: null, created_at: toIso(now) });
  return { url: `${baseUrl}/lti/register?link=${encodeURIComponent(token)}`, expires_at: expiresAt };
}

/**
 * For Dynamic Registration (GET /lti/register): spends the link's token, once, before it expires,
 * in one statement (so two processes cannot both spend it). The workspace it registers into, or
 * undefined when the token is unknown, used or expired.
 */
export async function consumeRegistrationLink(ctx: ServiceContext, token: string): Promise<{ workspaceId: string } | undefined> {
  const workspaceId = await repo.consumeRegistrationLink(ctx.db, sha256(token), nowIso(ctx.clock));
  return workspaceId === undefined ? undefined : { workspaceId };
}

/** For Dynamic Registration: notes on the spent link the registration it made. */
export async function recordLinkRegistration(ctx: ServiceContext, token: string, registrationId: string): Promise<void> {
  await repo.setLinkRegistration(ctx.db, sha256(token), registrationId);
}

/**
 * For Dynamic Registration: makes a spent link usable again when the registration failed before
 * the platform made Lectern a client (its configuration unusable, its registration endpoint
 * refusing), so that the LMS's administrator can try again with the same link.
 */
export async function releaseRegistrationLink(ctx: ServiceContext, token: string): Promise<void> {
  await repo.releaseRegistrationLink(ctx.db, sha256(token));
}
