import { calculateJwkThumbprint, type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { LtiToolKeysTable } from '../../db/types.js';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import * as repo from './tool-keys.repository.js';

/**
 * The tool's own signing keys (docs/lti.md, "Keys"): RSA 2048, RS256. The private key leaves this
 * module only as a signing key; the JWKS publishes the public halves of the current and the
 * previous key, so that platforms still verify what the previous one signed after a rotation.
 */

export const TOOL_KEY_ALG = 'RS256';

/** What signs the tool's JWTs (Deep Linking responses, client assertions): pass it to jose's `SignJWT#sign`, with `kid` in the header. */
export interface ToolSigningKey {
  kid: string;
  privateKey: CryptoKey;
  alg: typeof TOOL_KEY_ALG;
}

/** A public JWK as the JWKS publishes it. */
export interface ToolPublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: typeof TOOL_KEY_ALG;
  use: 'sig';
}

/** A new key pair as a row in `state`; the kid is the RFC 7638 thumbprint of the public key. */
async function newKeyRow(state: LtiToolKeysTable['state'], now: string): Promise<LtiToolKeysTable> {
  const { publicKey, privateKey } = await generateKeyPair(TOOL_KEY_ALG, { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const published: ToolPublicJwk = { kty: 'RSA', n: publicJwk.n!, e: publicJwk.e!, kid, alg: TOOL_KEY_ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: TOOL_KEY_ALG };
  return { kid, private_jwk: JSON.stringify(privateJwk), public_jwk: JSON.stringify(published), state, created_at: now, retired_at: null };
}

/**
 * The key that signs now, made on first use. Two processes that both find none each try to insert
 * theirs; the partial unique index lets one win and the other reads the winner's.
 */
export async function currentToolKey(ctx: ServiceContext): Promise<ToolSigningKey> {
  let row = await repo.findCurrentKey(ctx.db);
  if (!row) {
    const fresh = await newKeyRow('current', nowIso(ctx.clock));
    row = (await repo.insertKeyIfAbsent(ctx.db, fresh)) ? fresh : await repo.findCurrentKey(ctx.db);
    if (!row) throw new Error('LTI tool key: none current after creating one');
  }
  const privateKey = (await importJWK(JSON.parse(row.private_jwk) as JWK, TOOL_KEY_ALG)) as CryptoKey;
  return { kid: row.kid, privateKey, alg: TOOL_KEY_ALG };
}

/** Only the public members of a stored public JWK: a guard that no private member can ever be published. */
function publicPart(stored: string): ToolPublicJwk {
  const jwk = JSON.parse(stored) as ToolPublicJwk;
  return { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: jwk.kid, alg: jwk.alg, use: jwk.use };
}

/** The JWKS: the current key (made on first use) and the previous one, public halves only. */
export async function publishedJwks(ctx: ServiceContext): Promise<{ keys: ToolPublicJwk[] }> {
  let keys = await repo.publishedKeys(ctx.db);
  if (!keys.some((k) => k.state === 'current')) {
    await currentToolKey(ctx);
    keys = await repo.publishedKeys(ctx.db);
  }
  return { keys: keys.map((k) => publicPart(k.public_jwk)) };
}

export interface ToolKeyRotation {
  /** The new current key's kid. */
  kid: string;
  /** The key that was current: still published, as the previous key. */
  previous_kid: string | null;
  /** The key that was previous: no longer published. */
  retired_kid: string | null;
}

/** A new current key; the current one becomes previous (still published), the previous one is retired. */
export async function rotateToolKey(ctx: ServiceContext): Promise<ToolKeyRotation> {
  const now = nowIso(ctx.clock);
  const next = await newKeyRow('current', now);
  const changed = await ctx.db.transaction().execute((trx) => repo.rotateKeys(trx, next, now));
  return { kid: next.kid, previous_kid: changed.previous, retired_kid: changed.retired };
}
