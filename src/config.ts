import path from 'node:path';

/** Everything the process reads from its environment, parsed and checked once. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Where export files are written (EXPORT_DIR; default `${dataDir}/exports`). Shared by every process that serves downloads. */
  exportDir: string;
  /**
   * Roster imports (docs/imports.md): where uploaded files wait for their job (IMPORT_DIR; default
   * `${dataDir}/imports`, shared by every process that runs jobs, like EXPORT_DIR), rows per chunk
   * (one transaction each) and how long a worker's claim on an import lasts without a chunk
   * committed (IMPORT_CHUNK_ROWS and IMPORT_LEASE_MS: small in tests).
   */
  imports: { dir: string; chunkRows: number; leaseMs: number };
  /** postgres://… when set; otherwise SQLite at `${dataDir}/lectern.db`. */
  databaseUrl: string | undefined;
  /** PostgreSQL: how long a connection and a statement may take before requests answer 503 (src/db/postgres-client.ts). */
  databaseTimeouts: {
    /** Making a connection, or waiting for a free one of a full pool. */
    connectMs: number;
    /** A statement unanswered this long makes the process check that the server still answers (a new connection, as long). */
    stallMs: number;
    /** No statement waits longer, even on a server that answers. */
    queryMs: number;
  };
  /**
   * PostgreSQL: how many connections carry the short reads (a row by its key) pipelined, beside
   * the pool (DATABASE_PIPELINE_CONNECTIONS; 0: those reads use the pool too). src/db/postgres-pipeline.ts.
   */
  databasePipelineConnections: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis key Lectern writes (several deployments may share one Redis). */
  redisPrefix: string;
  /** A Redis command not answered in this many ms fails, and rate limits fall back to local ones. */
  redisTimeoutMs: number;
  /** RATE_LIMITS=off turns per-key limits and failed-authentication throttling off (e.g. behind a gateway that limits). */
  rateLimits: boolean;
  /**
   * RATE_LIMIT_MODE, with REDIS_URL (docs/rate-limits.md, "Exact or leases"): `exact` (the default)
   * asks Redis for every request; `leases` admits most requests from small leases of a key's budgets
   * that each process takes from Redis for at most a second, never admitting more than a limit but
   * possibly refusing a little early while other processes hold unspent leases.
   */
  rateLimitMode: 'exact' | 'leases';
  logLevel: string;
  production: boolean;
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Fastify's trustProxy: true, a hop count, or a list of addresses. */
  trustProxy: boolean | number | string;
  /**
   * PUBLIC_URL: the address people open Lectern at (`https://lectern.school.example`, no trailing
   * slash), when it is not the one it listens on (a proxy, a port mapping). Every console sign-in
   * link is built on it; unset, the CLI builds them from HOST, PORT and TLS, the console from the request.
   */
  publicUrl: string | undefined;
  /**
   * MCP_ALLOWED_ORIGINS: the browser origins (`https://app.example`, comma-separated) whose
   * requests POST /mcp serves besides PUBLIC_URL's; a request with another `Origin` answers 403.
   */
  mcpAllowedOrigins: string[];
  /** Seconds an unfinished idempotent request holds its key before another may take it over. */
  idempotencyLockSeconds: number;
  shutdownTimeoutMs: number;
  /**
   * SHUTDOWN_DELAY_MS: after SIGTERM, how long the process goes on serving as usual, with /readyz
   * answering 503, before it stops accepting connections (time for a load balancer to take it out).
   */
  shutdownDelayMs: number;
  /** How often this process writes the API keys' last_used_at it has recorded. */
  keyUsageFlushMs: number;
  /** WORKER=off: this process serves the API only and leaves background jobs to `lectern worker` processes. */
  worker: boolean;
  /** How often the job runner looks for due jobs nobody announced (retries, other processes' jobs). */
  jobPollMs: number;
  /**
   * RUNTIME_TUNING=off turns off every change to Node's, Fastify's, pino's or ioredis's behaviour
   * made for speed (src/runtime/): the service then runs on their plain public behaviour.
   */
  runtimeTuning: boolean;
  webhooks: {
    /** Waits before each retry, in ms (WEBHOOK_RETRY_SCHEDULE gives them in seconds). */
    retrySchedule: number[];
    timeoutMs: number;
    /**
     * WEBHOOK_LEASE_GRACE_MS: how long past its timeout a delivery's attempt stays its worker's (room to
     * record the outcome); a delivery whose worker died is sent again by another process after both.
     */
    leaseGraceMs: number;
    disableAfterMs: number;
    /** WEBHOOK_ALLOW_PRIVATE=true: endpoints may be loopback or private addresses (development, tests). */
    allowPrivate: boolean;
    concurrency: number;
    /** WEBHOOK_ENDPOINT_CONCURRENCY: deliveries to one endpoint under way at once (counted across processes). */
    endpointConcurrency: number;
  };
}

/**
 * About three days: 13 attempts, the last 75.7 hours after the first (each wait varies by ±10%).
 * Seconds: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 12 h, 24 h, 24 h.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 43_200, 86_400, 86_400];

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const tlsCertFile = env.TLS_CERT_FILE || undefined;
  const tlsKeyFile = env.TLS_KEY_FILE || undefined;
  if (Boolean(tlsCertFile) !== Boolean(tlsKeyFile)) {
    throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)');
  }
  return {
    host: env.HOST || '127.0.0.1',
    port: integer(env, 'PORT', 3000, 0, 65535),
    dataDir,
    exportDir: path.resolve(env.EXPORT_DIR || path.join(dataDir, 'exports')),
    imports: {
      dir: path.resolve(env.IMPORT_DIR || path.join(dataDir, 'imports')),
      chunkRows: integer(env, 'IMPORT_CHUNK_ROWS', 1_000, 1, 2_000),
      leaseMs: integer(env, 'IMPORT_LEASE_MS', 60_000, 1_000, 3_600_000),
    },
    databaseUrl,
    databaseTimeouts: {
      connectMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 2_000, 100, 600_000),
      stallMs: integer(env, 'DATABASE_STALL_TIMEOUT_MS', 1_000, 100, 600_000),
      queryMs: integer(env, 'DATABASE_QUERY_TIMEOUT_MS', 60_000, 100, 3_600_000),
    },
    databasePipelineConnections: integer(env, 'DATABASE_PIPELINE_CONNECTIONS', 2, 0, 16),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'lectern:',
    redisTimeoutMs: integer(env, 'REDIS_TIMEOUT_MS', 250, 1, 60_000),
    rateLimits: onOff(env, 'RATE_LIMITS', true),
    rateLimitMode: oneOf(env, 'RATE_LIMIT_MODE', ['exact', 'leases'] as const, 'exact'),
    logLevel: env.LOG_LEVEL || 'info',
    production: env.NODE_ENV === 'production',
    tlsCertFile,
    tlsKeyFile,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: publicUrl(env.PUBLIC_URL),
    mcpAllowedOrigins: origins(env.MCP_ALLOWED_ORIGINS),
    idempotencyLockSeconds: integer(env, 'IDEMPOTENCY_LOCK_SECONDS', 60, 1, 86_400),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0, 0, 600_000),
    keyUsageFlushMs: integer(env, 'KEY_USAGE_FLUSH_MS', 60_000, 100, 3_600_000),
    worker: onOff(env, 'WORKER', true),
    jobPollMs: integer(env, 'JOB_POLL_MS', 1_000, 10, 60_000),
    runtimeTuning: onOff(env, 'RUNTIME_TUNING', true),
    webhooks: {
      retrySchedule: retrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
      leaseGraceMs: integer(env, 'WEBHOOK_LEASE_GRACE_MS', 30_000, 1_000, 600_000),
      disableAfterMs: integer(env, 'WEBHOOK_DISABLE_AFTER_SECONDS', 5 * 86_400, 1, 365 * 86_400) * 1000,
      allowPrivate: onOff(env, 'WEBHOOK_ALLOW_PRIVATE', false),
      concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 8, 1, 256),
      endpointConcurrency: integer(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', 2, 1, 256),
    },
  };
}

/** A comma-separated list of seconds (fractions allowed, for tests); empty means no retries. */
function retrySchedule(raw: string | undefined): number[] {
  if (raw === undefined) return DEFAULT_RETRY_SCHEDULE_SECONDS.map((s) => s * 1000);
  if (raw.trim() === '') return [];
  return raw.split(',').map((part) => {
    const seconds = Number(part.trim());
    if (part.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > 7 * 86_400) {
      throw new ConfigError(`WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds from 0 to 604800, got "${raw}"`);
    }
    return Math.round(seconds * 1000);
  });
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(`${name} must be one of ${values.map((v) => `"${v}"`).join(', ')}, got "${raw}"`);
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'true') return true;
  if (raw === 'off' || raw === 'false') return false;
  throw new ConfigError(`${name} must be "on" or "off", got "${raw}"`);
}

/** An absolute http(s) URL without query or fragment; the trailing slash dropped, so paths append to it. */
function origins(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(`MCP_ALLOWED_ORIGINS must list origins like https://app.example, got "${entry}"`);
    }
    if (url.origin === 'null') throw new ConfigError(`MCP_ALLOWED_ORIGINS must list http(s) origins, got "${entry}"`);
    return url.origin;
  });
}

function publicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ConfigError(`PUBLIC_URL must be an absolute http:// or https:// URL without query or fragment, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}
