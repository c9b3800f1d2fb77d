import type { Kysely } from 'kysely';
import type { DB, OAuthClientsTable, OAuthCodesTable, OAuthGrantsTable, OAuthTokensTable } from '../../db/types.js';

/** Every query of the OAuth authorization server (clients, codes, grants, tokens). */

export async function insertClient(db: Kysely<DB>, client: OAuthClientsTable): Promise<void> {
  await db.insertInto('oauth_clients').values(client).execute();
}

export async function findClient(db: Kysely<DB>, id: string): Promise<OAuthClientsTable | undefined> {
  return db.selectFrom('oauth_clients').select(['id', 'name', 'redirect_uris', 'created_at']).where('id', '=', id).executeTakeFirst();
}

export async function insertCode(db: Kysely<DB>, code: OAuthCodesTable): Promise<void> {
  await db.insertInto('oauth_codes').values(code).execute();
}

export async function findCode(db: Kysely<DB>, hash: string): Promise<OAuthCodesTable | undefined> {
  return db
    .selectFrom('oauth_codes')
    .select(['hash', 'client_id', 'user_id', 'workspace_id', 'scopes', 'resource', 'code_challenge', 'redirect_uri', 'expires_at', 'used_at', 'grant_id'])
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** Marks the code used; false when another exchange got there first (single use). */
export async function useCode(db: Kysely<DB>, hash: string, at: string, grantId: string): Promise<boolean> {
  const result = await db.updateTable('oauth_codes').set({ used_at: at, grant_id: grantId }).where('hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertGrant(db: Kysely<DB>, grant: OAuthGrantsTable): Promise<void> {
  await db.insertInto('oauth_grants').values(grant).execute();
}

export async function insertToken(db: Kysely<DB>, token: OAuthTokensTable): Promise<void> {
  await db.insertInto('oauth_tokens').values(token).execute();
}

/** A token with its grant and the account's plan and limits: what authenticating one needs, in one query. */
export async function findToken(db: Kysely<DB>, hash: string) {
  return db
    .selectFrom('oauth_tokens as t')
    .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
    .innerJoin('workspaces as w', 'w.id', 'g.workspace_id')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .select([
      't.hash',
      't.kind',
      't.expires_at',
      't.used_at',
      'g.id as grant_id',
      'g.client_id',
      'g.account_id',
      'g.workspace_id',
      'g.user_id',
      'g.scopes',
      'g.resource',
      'g.revoked_at',
      'g.last_used_at',
      'g.expires_at as grant_expires_at',
      'w.environment',
      'a.plan',
      'a.hourly_limit',
      'a.burst_limit',
      'a.export_hourly_limit',
      'a.bulk_hourly_limit',
      'a.search_hourly_limit',
    ])
    .where('t.hash', '=', hash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when it was used already (a replay). */
export async function useToken(db: Kysely<DB>, hash: string, at: string): Promise<boolean> {
  const result = await db.updateTable('oauth_tokens').set({ used_at: at }).where('hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchGrant(db: Kysely<DB>, grantId: string, at: string, expiresAt: string): Promise<void> {
  await db.updateTable('oauth_grants').set({ last_used_at: at, expires_at: expiresAt }).where('id', '=', grantId).execute();
}

/** Not workspace-scoped: the id comes from a token or code the server issued, never from a client. */
export async function revokeGrantById(db: Kysely<DB>, grantId: string, at: string): Promise<void> {
  await db.updateTable('oauth_grants').set({ revoked_at: at }).where('id', '=', grantId).where('revoked_at', 'is', null).execute();
}

export async function revokeGrant(db: Kysely<DB>, workspaceId: string, grantId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('oauth_grants')
    .set({ revoked_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', grantId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The workspace's live grants with their client's name and user's email, newest first. */
export async function listGrants(db: Kysely<DB>, workspaceId: string, now: string) {
  return db
    .selectFrom('oauth_grants as g')
    .innerJoin('oauth_clients as c', 'c.id', 'g.client_id')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.id', 'g.client_id', 'c.name as client_name', 'u.email as user_email', 'g.scopes', 'g.created_at', 'g.last_used_at', 'g.expires_at'])
    .where('g.workspace_id', '=', workspaceId)
    .where('g.revoked_at', 'is', null)
    .where('g.expires_at', '>', now)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(100)
    .execute();
}
