import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  bareHostname,
  checkedLookup,
  defaultLookup,
  DnsFailure,
  ForbiddenAddressError,
  isForbiddenAddress,
  type Lookup,
  parseWebhookUrl,
  type UrlPolicy,
} from './url-safety.js';

/**
 * One delivery attempt over node:http(s). Not fetch: undici ignores `http.Agent` and `lookup`, and
 * the address check has to sit where the socket connects, or DNS could change between check and use.
 */
export interface SendRequest {
  url: string;
  /** Already signed by the caller; their values never appear in a result. */
  headers: Record<string, string>;
  /** JSON text. */
  body: string;
  /** The whole attempt: connect, response headers and body. */
  timeoutMs: number;
  /** Response bytes read at most; past them the connection is dropped. */
  maxResponseBytes: number;
  policy: UrlPolicy;
  /** Injectable for tests; the system resolver otherwise. */
  lookup?: Lookup;
}

export interface SendResult {
  /** The receiver's status, or null if no response headers arrived. */
  statusCode: number | null;
  /** Whole milliseconds from the start of the attempt to its end. */
  latencyMs: number;
  /** The first ≤ 1024 characters of the response body, decoded as UTF-8 (lossy). */
  responseExcerpt: string;
  /**
   * Null when a complete response (or `maxResponseBytes` of it) was read. Otherwise a stable code,
   * some with a detail after a colon: `invalid_url: …`, `https_required`, `forbidden_address: <ip>`,
   * `dns_failure`, `connection_refused`, `tls_error: <code>`, `timeout`, `connection_error: <code>`.
   * A body that times out or breaks after the headers arrived keeps `statusCode` and reports the
   * error too: the caller sees both what the receiver answered and that it did not finish.
   */
  error: string | null;
}

const USER_AGENT = 'Lectern-Webhooks/1';
const EXCERPT_CHARS = 1024;
// A UTF-8 character takes at most 4 bytes, so this many bytes always hold the excerpt's characters.
const EXCERPT_BYTES = EXCERPT_CHARS * 4;
// Idle pooled sockets close before Node's default server keep-alive timeout (5 s) would close them
// under us, which otherwise makes the next request on that socket fail with a reset.
const IDLE_SOCKET_MS = 4_000;

// Keep-alive pools, one per scheme and policy: a socket connected while private addresses were
// allowed must never be reused for a delivery where they are not. Injected lookups get no pool
// (see `agentFor`), so every pooled socket was connected through the default resolver's check.
const agents = new Map<string, http.Agent>();

function agentFor(protocol: string, request: SendRequest): http.Agent | false {
  if (request.lookup) return false;
  const key = `${protocol}${request.policy.allowPrivate ? 'private' : 'public'}`;
  let agent = agents.get(key);
  if (!agent) {
    // Node's agents unref idle sockets, so a pool never keeps the process alive.
    const options = { keepAlive: true, timeout: IDLE_SOCKET_MS };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Destroys the pooled connections; for shutdown. Later sends open new pools. */
export function closeSenderAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_)|CERT|^UNABLE_TO_/;

function describeError(err: unknown): string {
  if (err instanceof ForbiddenAddressError) return `forbidden_address: ${err.address}`;
  if (err instanceof DnsFailure) return err.code ? `dns_failure: ${err.code}` : 'dns_failure';
  const { code, message } = (err ?? {}) as NodeJS.ErrnoException;
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code && TLS_CODE.test(code)) return `tls_error: ${code}`;
  return `connection_error: ${code ?? String(message).slice(0, 200)}`;
}

export async function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const result = (statusCode: number | null, responseExcerpt: string, error: string | null): SendResult => ({
    statusCode,
    latencyMs: Math.round(performance.now() - started),
    responseExcerpt,
    error,
  });

  const syntax = parseWebhookUrl(request.url, { ...request.policy, requireHttps: false });
  if ('problem' in syntax) return result(null, '', `invalid_url: ${syntax.problem}`);
  const url = syntax.parsed;
  if (request.policy.requireHttps && url.protocol !== 'https:') return result(null, '', 'https_required');
  const host = bareHostname(url);
  const literal = isIP(host) !== 0;
  // Node connects to IP literals without calling `lookup`, so they are checked here instead.
  if (literal && !request.policy.allowPrivate && isForbiddenAddress(host)) return result(null, '', `forbidden_address: ${host}`);

  const headers: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  // Set last: the body is always JSON, and only the sender knows its length.
  Object.assign(headers, {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'content-length': Buffer.byteLength(request.body),
  });

  return new Promise<SendResult>((resolve) => {
    let statusCode: number | null = null;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let settled = false;
    let req: http.ClientRequest | undefined;

    const settle = (error: string | null, drop: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Dropping the socket is what stops a slow or oversized body; a finished one goes back to the pool.
      if (drop) req?.destroy();
      const text = new TextDecoder().decode(Buffer.concat(kept));
      resolve(result(statusCode, Array.from(text).slice(0, EXCERPT_CHARS).join(''), error));
    };
    const timer = setTimeout(() => settle('timeout', true), request.timeoutMs);

    const onResponse = (res: http.IncomingMessage) => {
      statusCode = res.statusCode ?? null;
      const limit = Math.min(request.maxResponseBytes, EXCERPT_BYTES);
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        if (keptBytes < limit) {
          const part = chunk.subarray(0, limit - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        }
        received += chunk.length;
        if (received >= request.maxResponseBytes) settle(null, true);
      });
      res.on('end', () => settle(null, false));
      res.on('error', (err) => settle(describeError(err), true));
      res.on('close', () => settle(res.complete ? null : 'connection_error: response incomplete', true));
      if (request.maxResponseBytes <= 0) settle(null, true);
    };

    try {
      const options: https.RequestOptions = {
        method: 'POST',
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers,
        agent: agentFor(url.protocol, request),
        lookup: checkedLookup(request.lookup ?? defaultLookup, request.policy.allowPrivate),
        // The certificate is checked against the name the endpoint was registered with, never an address.
        ...(literal ? {} : { servername: host }),
      };
      req = (url.protocol === 'https:' ? https : http).request(options, onResponse);
    } catch (err) {
      // Bad header names or values throw here; the error names the header but never its value.
      settle(`invalid_request: ${(err as NodeJS.ErrnoException).code ?? 'request_rejected'}`, false);
      return;
    }
    req.on('error', (err) => settle(describeError(err), true));
    req.end(request.body);
  });
}
