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
} from '../webhooks/url-safety.js';

/**
 * Calls from Lectern to an LMS (JWKS, tokens, scores, rosters, openid-configuration) under the
 * webhooks' rules: http(s) only (https in production), never a private, loopback or link-local
 * address unless WEBHOOK_ALLOW_PRIVATE=true, checked where the socket connects so that DNS cannot
 * change between check and use. Over node:http(s), not fetch: undici ignores `lookup`.
 */
export interface PlatformCallPolicy {
  policy: UrlPolicy;
  /** Injectable for tests; the system resolver otherwise. */
  lookup?: Lookup;
}

export interface PlatformRequest {
  method?: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole call: connect, headers and body. */
  timeoutMs?: number;
  /** A longer answer fails the call. */
  maxResponseBytes?: number;
}

export interface PlatformResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A call that got no usable answer: the reason is safe to show (no header values, no body). */
export class PlatformCallError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PlatformCallError';
  }
}

export const PLATFORM_USER_AGENT = 'Lectern-LTI/1';
const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_BYTES = 512 * 1024;


/** One call to a platform; throws PlatformCallError when no complete answer came back. */
export async function callPlatform(request: PlatformRequest, rules: PlatformCallPolicy): Promise<PlatformResponse> {
  const syntax = parseWebhookUrl(request.url, rules.policy);
  if ('problem' in syntax) throw new PlatformCallError(`the URL ${syntax.problem}`);
  const url = syntax.parsed;
  const host = bareHostname(url);
  const literal = isIP(host) !== 0;
  // Node connects to IP literals without calling `lookup`, so they are checked here.
  if (literal && !rules.policy.allowPrivate && isForbiddenAddress(host)) throw new PlatformCallError(`forbidden address ${host}`);
  const maxBytes = request.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  const headers: Record<string, string | number> = { accept: 'application/json', ...request.headers, 'user-agent': PLATFORM_USER_AGENT };
  if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);

  return new Promise<PlatformResponse>((resolve, reject) => {
    let settled = false;
    let req: http.ClientRequest | undefined;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req?.destroy();
      reject(new PlatformCallError(reason));
    };
    const timer = setTimeout(() => fail('timed out'), request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const options: https.RequestOptions = {
      method: request.method ?? 'GET',
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers,
      agent: false,
      lookup: checkedLookup(rules.lookup ?? defaultLookup, rules.policy.allowPrivate),
      ...(literal ? {} : { servername: host }),
    };
    try {
      req = (url.protocol === 'https:' ? https : http).request(options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail(`the answer is larger than ${maxBytes} bytes`);
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', () => fail('the connection broke'));
      });
    } catch {
      return fail('the request could not be made');
    }
    req.on('error', (err) => fail(connectionProblem(err)));
    req.end(request.body);
  });
}

function connectionProblem(err: NodeJS.ErrnoException): string {
  if (err instanceof ForbiddenAddressError) return `forbidden address ${err.address}`;
  if (err instanceof DnsFailure) return 'host name does not resolve';
  if (err.code === 'ECONNREFUSED') return 'connection refused';
  if (err.code && /CERT|TLS|SSL/.test(err.code)) return `TLS error ${err.code}`;
  return `connection error ${err.code ?? ''}`.trim();
}
