import type { Kysely } from 'kysely';
import { countRows } from '../../db/count.js';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import type { DB, LtiRegistrationLinksTable, LtiRegistrationsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';

const registrationColumns = [
  'id',
  'workspace_id',
  'issuer',
  'client_id',
  'auth_login_url',
  'auth_token_url',
  'jwks_url',
  'unknown_deployments',
  'student_id_claim',
  'version',
  'created_at',
  'updated_at',
] as const;

export type RegistrationRow = LtiRegistrationsTable;

export interface RegistrationFilters {
  updatedSince?: string | undefined;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  updatedSince: string;
};

function filterValues(workspaceId: string, filters: RegistrationFilters): FilterValues {
  return { workspaceId, updatedSince: filters.updatedSince ?? '' };
}

function filteredRegistrations(db: Kysely<DB>, set: FiltersSet<RegistrationFilters>, values: FilterValues) {
  let query = db.selectFrom('lti_registrations').where('workspace_id', '=', values.workspaceId);
  if (set.updatedSince) query = query.where('updated_at', '>=', values.updatedSince);
  return query;
}

const registrationPage = preparedPage<RegistrationFilters, FilterValues, RegistrationRow>({
  valuesOf: filterValues,
  build: (db, set, values) => filteredRegistrations(db, set, values).select(registrationColumns),
});

export async function listRegistrations(db: Kysely<DB>, workspaceId: string, filters: RegistrationFilters, page: PageRequest): Promise<RegistrationRow[]> {
  return registrationPage(db, workspaceId, filters, page);
}

export async function countRegistrations(db: Kysely<DB>, workspaceId: string, filters: RegistrationFilters): Promise<number> {
  return countRows(filteredRegistrations(db, filtersSet(filters), filterValues(workspaceId, filters)));
}

export async function findRegistration(db: Kysely<DB>, workspaceId: string, id: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('lti_registrations').select(registrationColumns).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

/**
 * For launches, which know the platform but not the workspace: the registration of (issuer,
 * client_id), whatever its workspace (the row says which).
 */
export async function findRegistrationByPlatform(db: Kysely<DB>, issuer: string, clientId: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('lti_registrations').select(registrationColumns).where('issuer', '=', issuer).where('client_id', '=', clientId).executeTakeFirst();
}

/**
 * For a login without `client_id`, which knows only the issuer: the registrations of that issuer in
 * every workspace, at most two (the login goes ahead only when there is exactly one).
 */
export async function findRegistrationsOfIssuer(db: Kysely<DB>, issuer: string): Promise<RegistrationRow[]> {
  return db.selectFrom('lti_registrations').select(registrationColumns).where('issuer', '=', issuer).limit(2).execute();
}

/** The id of the registration of (issuer, client_id) in any workspace, to tell a duplicate from another conflict. */
export async function registrationIdOfPlatform(db: Kysely<DB>, issuer: string, clientId: string): Promise<string | undefined> {
  const row = await db.selectFrom('lti_registrations').select('id').where('issuer', '=', issuer).where('client_id', '=', clientId).executeTakeFirst();
  return row?.id;
}

export async function insertRegistration(db: Kysely<DB>, row: LtiRegistrationsTable): Promise<void> {
  await db.insertInto('lti_registrations').values(row).execute();
}

/** Applies changes if the registration is still at `version`; false when it changed meanwhile or is gone. */
export async function updateRegistration(
  db: Kysely<DB>,
  workspaceId: string,
  id: string,
  version: number,
  changes: Partial<Omit<LtiRegistrationsTable, 'id' | 'workspace_id' | 'version' | 'created_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('lti_registrations')
    .set({ ...changes, version: version + 1 })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the registration; its deployments go with it (ON DELETE CASCADE). */
export async function deleteRegistration(db: Kysely<DB>, workspaceId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('lti_registrations').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The deployment ids known for a registration, in the order they became known. */
export async function listDeploymentIds(db: Kysely<DB>, registrationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('lti_deployments')
    .select('deployment_id')
    .where('registration_id', '=', registrationId)
    .orderBy('created_at')
    .orderBy('deployment_id')
    .execute();
  return rows.map((r) => r.deployment_id);
}

/** The deployment ids of several registrations, each list in the order they became known. */
export async function deploymentIdsOf(db: Kysely<DB>, registrationIds: string[]): Promise<Map<string, string[]>> {
  const grouped = new Map<string, string[]>(registrationIds.map((id) => [id, []]));
  if (registrationIds.length === 0) return grouped;
  const rows = await db
    .selectFrom('lti_deployments')
    .select(['registration_id', 'deployment_id'])
    .where('registration_id', 'in', registrationIds)
    .orderBy('registration_id')
    .orderBy('created_at')
    .orderBy('deployment_id')
    .execute();
  for (const row of rows) grouped.get(row.registration_id)?.push(row.deployment_id);
  return grouped;
}

/** Records a deployment id for a registration; false when it was known already (two launches may race). */
export async function addDeployment(db: Kysely<DB>, registrationId: string, deploymentId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('lti_deployments')
    .values({ registration_id: registrationId, deployment_id: deploymentId, created_at: now })
    .onConflict((oc) => oc.columns(['registration_id', 'deployment_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Makes the known deployment ids exactly `deploymentIds` (in a transaction of the caller's). */
export async function replaceDeployments(db: Kysely<DB>, registrationId: string, deploymentIds: string[], now: string): Promise<void> {
  let removal = db.deleteFrom('lti_deployments').where('registration_id', '=', registrationId);
  if (deploymentIds.length > 0) removal = removal.where('deployment_id', 'not in', deploymentIds);
  await removal.execute();
  for (const deploymentId of deploymentIds) await addDeployment(db, registrationId, deploymentId, now);
}

export async function insertRegistrationLink(db: Kysely<DB>, row: LtiRegistrationLinksTable): Promise<void> {
  await db.insertInto('lti_registration_links').values(row).execute();
}

/** Marks an unused, unexpired link used, in one statement (single use across processes); its workspace, or undefined. */
export async function consumeRegistrationLink(db: Kysely<DB>, hash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('lti_registration_links')
    .set({ used_at: now })
    .where('hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('workspace_id')
    .executeTakeFirst();
  return row?.workspace_id;
}

/** Notes on a used link the registration it made. */
export async function setLinkRegistration(db: Kysely<DB>, hash: string, registrationId: string): Promise<void> {
  await db.updateTable('lti_registration_links').set({ registration_id: registrationId }).where('hash', '=', hash).execute();
}

/**
 * Makes a spent link usable again: Dynamic Registration gives it back when it failed before the
 * platform made Lectern a client (no registration noted on the link yet).
 */
export async function releaseRegistrationLink(db: Kysely<DB>, hash: string): Promise<void> {
  await db.updateTable('lti_registration_links').set({ used_at: null }).where('hash', '=', hash).where('registration_id', 'is', null).execute();
}
