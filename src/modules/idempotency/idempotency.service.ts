import { createHash } from 'node:crypto';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { type ClaimStamp, deleteClaim, deleteCreatedBefore, deleteRecord, findRecord, insertIfAbsent, saveResponse, takeOver } from './idempotency.repository.js';

export type { ClaimStamp } from './idempotency.repository.js';

/** How long a key replays its first response (docs/api.md, "Idempotency"). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_KEY_LENGTH = 255;

export type Claim = { kind: 'run'; claim: ClaimStamp } | { kind: 'replay'; status: number; body: string };

/**
 * Claims an idempotency key for one request. The insert is the lock: of two concurrent requests
 * with one key, exactly one inserts and runs; the other sees the running record (409), or once
 * it is done, its response (replay). A key reused with a different request answers 422.
 */
export async function claim(ctx: ServiceContext, workspaceId: string, key: string, requestHash: string, lockSeconds: number): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.clock.now();
    const record = {
      workspace_id: workspaceId,
      key,
      request_hash: requestHash,
      state: 'running' as const,
      response_status: null,
      response_body: null,
      locked_until: toIso(now + lockSeconds * 1000),
      created_at: toIso(now),
    };
    const stamp = { key, createdAt: record.created_at, lockedUntil: record.locked_until };
    if (await insertIfAbsent(ctx.db, record)) return { kind: 'run', claim: stamp };
    const existing = await findRecord(ctx.db, workspaceId, key);
    if (!existing) continue; // expired and purged between our two statements: try again
    if (existing.created_at <= toIso(now - IDEMPOTENCY_TTL_MS)) {
      await deleteRecord(ctx.db, workspaceId, key);
      continue;
    }
    if (existing.request_hash !== requestHash) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request; use a new key', {
        idempotency_key: key,
      });
    }
    if (existing.state === 'done') {
      return { kind: 'replay', status: existing.response_status!, body: existing.response_body! };
    }
    if (existing.locked_until > toIso(now)) {
      throw new AppError('idempotency_request_in_progress', 'A request with this Idempotency-Key is still running; retry after it finishes', {
        idempotency_key: key,
      });
    }
    // The process that held it stopped before finishing. Its change commits only with the stored
    // response (see finish), so nothing of it was committed: run again.
    if (await takeOver(ctx.db, existing, requestHash, record.locked_until, record.created_at)) return { kind: 'run', claim: stamp };
  }
  throw new AppError('idempotency_request_in_progress', 'A request with this Idempotency-Key is being processed; retry shortly', {
    idempotency_key: key,
  });
}

/**
 * Stores the response to replay, in the transaction of the change it answers when there is one
 * (the caller's unit of work). A server error stores nothing and releases the key, so that a retry
 * runs again. False when `claim` no longer holds the key (its lock lapsed and a retry took it
 * over, or it was finished already): then nothing is written, and the caller's change must not
 * commit.
 */
export async function finish(ctx: ServiceContext, workspaceId: string, claim: ClaimStamp, status: number, body: string): Promise<boolean> {
  if (status >= 500) return deleteClaim(ctx.db, workspaceId, claim);
  return saveResponse(ctx.db, workspaceId, claim, status, body);
}

export async function purgeExpired(ctx: ServiceContext): Promise<number> {
  return deleteCreatedBefore(ctx.db, toIso(ctx.clock.now() - IDEMPOTENCY_TTL_MS));
}

/**
 * Whether a request with this key would be answered by a replay (a stored answer within 24 h,
 * whatever its body): an endpoint window that spares replays (POST /imports) looks before spending.
 */
export async function hasStoredAnswer(ctx: ServiceContext, workspaceId: string, key: string): Promise<boolean> {
  const record = await findRecord(ctx.db, workspaceId, key);
  return record !== undefined && record.state === 'done' && record.created_at > toIso(ctx.clock.now() - IDEMPOTENCY_TTL_MS);
}

/** Fingerprint of a request: method, path and body with object keys in a canonical order. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}`).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
