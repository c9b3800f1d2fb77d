import { importJWK, type JWK } from 'jose';
import type { Clock } from '../../shared/clock.js';
import { callPlatform, PlatformCallError, type PlatformCallPolicy } from './platform-http.js';

/**
 * The platforms' public key sets, fetched from each registration's `jwks_url` and kept for as long
 * as the platform's `Cache-Control: max-age` says, within bounds: at least a minute (a platform
 * that says `no-store` is not fetched on every launch), at most a day, ten minutes when it says
 * nothing. A `kid` the set lacks makes one refetch (the platform rotated its keys), at most once
 * per REFETCH_COOLDOWN_MS per set, so tokens with made-up kids cannot make Lectern hammer a platform.
 */
export const REFETCH_COOLDOWN_MS = 5_000;
const MIN_TTL_MS = 60_000;
const MAX_TTL_MS = 86_400_000;
const DEFAULT_TTL_MS = 600_000;
/** A platform's key set is small; a megabyte is far more than any. */
const MAX_JWKS_BYTES = 1024 * 1024;

/** The key could not be had: `unknown_kid` (the set lacks it, after a refetch) or `unavailable` (no usable set). */
export class PlatformKeyError extends Error {
  constructor(
    readonly kind: 'unknown_kid' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'PlatformKeyError';
  }
}

interface CachedSet {
  keys: Map<string, JWK>;
  expiresAt: number;
  /** When the set was last asked for, successfully or not (the cool-down runs from it). */
  fetchedAt: number;
}

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

export class PlatformKeySets {
  private readonly sets = new Map<string, CachedSet>();
  private readonly inFlight = new Map<string, Promise<CachedSet>>();
  private readonly imported = new Map<string, VerifyKey>();

  constructor(
    private readonly clock: Clock,
    private readonly calls: PlatformCallPolicy,
    private readonly timeoutMs = 5_000,
  ) {}

  /** The RS256 verification key of `kid` in the set at `jwksUrl`; throws PlatformKeyError. */
  async key(jwksUrl: string, kid: string): Promise<VerifyKey> {
    let set = this.sets.get(jwksUrl);
    const now = this.clock.now();
    if (!set || set.expiresAt <= now) set = await this.refresh(jwksUrl, set);
    let jwk = set.keys.get(kid);
    if (!jwk && now - set.fetchedAt >= REFETCH_COOLDOWN_MS) {
      set = await this.refresh(jwksUrl, set);
      jwk = set.keys.get(kid);
    }
    if (!jwk) throw new PlatformKeyError('unknown_kid', `The platform's key set has no key ${JSON.stringify(kid)}.`);
    const cacheKey = `${jwksUrl}\u0000${kid}\u0000${JSON.stringify(jwk)}`;
    let key = this.imported.get(cacheKey);
    if (!key) {
      try {
        key = await importJWK(jwk, 'RS256');
      } catch {
        throw new PlatformKeyError('unavailable', `The platform's key ${JSON.stringify(kid)} is not a usable RSA key.`);
      }
      this.imported.set(cacheKey, key);
    }
    return key;
  }

  /** Forgets every set (tests; a registration whose jwks_url changed is fetched anew by URL anyway). */
  clear(): void {
    this.sets.clear();
    this.imported.clear();
  }

  private refresh(jwksUrl: string, previous: CachedSet | undefined): Promise<CachedSet> {
    let pending = this.inFlight.get(jwksUrl);
    if (!pending) {
      pending = this.fetchSet(jwksUrl, previous).finally(() => this.inFlight.delete(jwksUrl));
      this.inFlight.set(jwksUrl, pending);
    }
    return pending;
  }

  private async fetchSet(jwksUrl: string, previous: CachedSet | undefined): Promise<CachedSet> {
    const fetchedAt = this.clock.now();
    let keys: Map<string, JWK>;
    let ttl: number;
    try {
      const response = await callPlatform({ url: jwksUrl, timeoutMs: this.timeoutMs, maxResponseBytes: MAX_JWKS_BYTES }, this.calls);
      if (response.status !== 200) throw new PlatformCallError(`it answered ${response.status}`);
      keys = parseKeySet(response.body);
      ttl = cacheLifetime(response.headers['cache-control']);
    } catch (error) {
      const reason = error instanceof PlatformCallError ? error.reason : 'its answer is not a key set';
      // A set still held stays usable through a failed refetch, for a minute more before the next try;
      // the cool-down applies to failures too.
      if (previous) {
        const kept = { keys: previous.keys, expiresAt: Math.max(previous.expiresAt, fetchedAt + MIN_TTL_MS), fetchedAt };
        this.sets.set(jwksUrl, kept);
        return kept;
      }
      throw new PlatformKeyError('unavailable', `The platform's public keys could not be fetched (${reason}).`);
    }
    const set = { keys, expiresAt: fetchedAt + ttl, fetchedAt };
    this.sets.set(jwksUrl, set);
    return set;
  }
}

/** The signing keys of a JWKS document, by kid (keys without a kid cannot be picked, so they are left out). */
export function parseKeySet(text: string): Map<string, JWK> {
  const document = JSON.parse(text) as { keys?: unknown };
  if (!Array.isArray(document.keys)) throw new Error('not a key set');
  const keys = new Map<string, JWK>();
  for (const key of document.keys as JWK[]) {
    if (typeof key !== 'object' || key === null || typeof key.kid !== 'string' || key.kty !== 'RSA') continue;
    if (key.use !== undefined && key.use !== 'sig') continue;
    keys.set(key.kid, key);
  }
  return keys;
}

/** How long to keep a set, from its Cache-Control, within [MIN_TTL_MS, MAX_TTL_MS]. */
export function cacheLifetime(cacheControl: string | undefined): number {
  if (!cacheControl) return DEFAULT_TTL_MS;
  if (/(?:^|,)\s*(?:no-store|no-cache)\b/i.test(cacheControl)) return MIN_TTL_MS;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  if (!maxAge) return DEFAULT_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Number(maxAge[1]) * 1000));
}
