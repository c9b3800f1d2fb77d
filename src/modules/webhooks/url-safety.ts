import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/** Deployment rules for webhook targets: `allowPrivate` is for local development and tests only. */
export interface UrlPolicy {
  requireHttps: boolean;
  allowPrivate: boolean;
}

/** Every address a hostname resolves to; injectable so tests need no DNS. */
export type Lookup = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

// `verbatim` keeps the resolver's order, so the address checked first is the one connected to first.
export const defaultLookup: Lookup = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })) as { address: string; family: 4 | 6 }[];

/** IPv4 networks as [base, prefix length]: nothing a public webhook receiver can live in. */
const FORBIDDEN_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", includes the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast
];

const v4Number = (ip: string): number =>
  ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

const FORBIDDEN_V4_RANGES = FORBIDDEN_V4.map(([base, prefix]) => {
  const size = 2 ** (32 - prefix);
  const start = v4Number(base);
  return { start, end: start + size - 1 };
});

const forbiddenV4 = (n: number): boolean => FORBIDDEN_V4_RANGES.some((r) => n >= r.start && n <= r.end);

/** The eight 16-bit groups of a valid IPv6 address (dotted IPv4 tail included). */
function v6Groups(ip: string): number[] {
  let text = ip;
  if (text.includes('.')) {
    const at = text.lastIndexOf(':');
    const v4 = v4Number(text.slice(at + 1));
    text = `${text.slice(0, at + 1)}${Math.floor(v4 / 0x10000).toString(16)}:${(v4 % 0x10000).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  if (tail === undefined) return parse(head);
  const front = parse(head);
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function forbiddenV6(ip: string): boolean {
  // A zone index (fe80::1%eth0) only makes sense on a local link.
  if (ip.includes('%')) return true;
  const g = v6Groups(ip);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const low32 = g6 * 0x10000 + g7;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  // Forms that carry an IPv4 address reach that IPv4 host, so they are judged by it.
  if (zeroPrefix && g4 === 0 && (g5 === 0xffff || g5 === 0)) return forbiddenV4(low32); // mapped, compatible (also :: and ::1)
  if (zeroPrefix && g4 === 0xffff && g5 === 0) return forbiddenV4(low32); // SIIT translated
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return forbiddenV4(low32); // NAT64
  if (g0 === 0x2002) return forbiddenV4(g1 * 0x10000 + g2); // 6to4
  // Outside global unicast (2000::/3) lie loopback, ULA fc00::/7, link-local fe80::/10, site-local,
  // multicast ff00::/8, local-use NAT64 and the reserved space: never a public host.
  if ((g0 & 0xe000) !== 0x2000) return true;
  if (g0 === 0x2001 && g1 < 0x200) return true; // 2001::/23 IETF assignments: Teredo, benchmarking 2001:2::/48, ORCHID
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return true; // documentation 3fff::/20
  return false;
}

/** True for addresses a webhook may never reach, and for anything that is not a valid IP address. */
export function isForbiddenAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) return forbiddenV4(v4Number(ip));
  if (version === 6) return forbiddenV6(ip);
  return true;
}

/** Says how to allow such addresses where they make sense: a receiver on the developer's own machine. */
export const FORBIDDEN_ADDRESS_MESSAGE =
  'must not point to a private, loopback or link-local address (for local development, start the server with WEBHOOK_ALLOW_PRIVATE=true)';

/** The host of a parsed http(s) URL without IPv6 brackets, as net and dns expect it. */
export const bareHostname = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Parses a webhook URL under the syntax and scheme rules that the endpoint check and the sender share. */
export function parseWebhookUrl(url: string, policy: UrlPolicy): { problem: string } | { parsed: URL } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: 'must be an absolute URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { problem: 'must use http or https' };
  if (policy.requireHttps && parsed.protocol !== 'https:') return { problem: 'must use https' };
  if (parsed.username !== '' || parsed.password !== '') return { problem: 'must not contain credentials' };
  // `hash` is empty for a bare trailing '#', yet the URL text still had a fragment.
  if (parsed.hash !== '' || url.includes('#')) return { problem: 'must not contain a fragment' };
  return { parsed };
}

/**
 * Checks a webhook URL when an endpoint is created or updated. WHATWG parsing has already turned
 * numeric hosts such as `2130706433`, `0x7f.1` or `[::ffff:127.0.0.1]` into canonical addresses.
 * Delivery checks the addresses again where it connects, since DNS may change after this check.
 */
export async function checkWebhookUrl(url: string, policy: UrlPolicy, lookup: Lookup = defaultLookup): Promise<string | undefined> {
  const syntax = parseWebhookUrl(url, policy);
  if ('problem' in syntax) return syntax.problem;
  if (policy.allowPrivate) return undefined;
  const host = bareHostname(syntax.parsed);
  if (isIP(host)) return isForbiddenAddress(host) ? FORBIDDEN_ADDRESS_MESSAGE : undefined;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host);
  } catch {
    return 'does not resolve';
  }
  if (addresses.length === 0) return 'does not resolve';
  return addresses.some((a) => isForbiddenAddress(a.address)) ? FORBIDDEN_ADDRESS_MESSAGE : undefined;
}

/** A connection refused because the host resolved to an address the policy forbids. */
export class ForbiddenAddressError extends Error {
  constructor(readonly address: string) {
    super(`forbidden address ${address}`);
  }
}

/** The host name did not resolve (`code`: the resolver's, when it gave one). */
export class DnsFailure extends Error {
  constructor(readonly code: string | undefined) {
    super('dns failure');
  }
}

/**
 * The lookup net/tls call while connecting (webhooks and calls to LTI platforms): every address the
 * name resolves to must be allowed, so a name that answers with one public and one private address
 * is refused rather than raced, and DNS cannot change between the check and the connection.
 */
export function checkedLookup(lookup: Lookup, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    // Through a promise so that an injected lookup throwing synchronously still ends up in `callback`.
    Promise.resolve(hostname).then(lookup).then(
      (found) => {
        const addresses = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        const forbidden = allowPrivate ? undefined : found.find((a) => isForbiddenAddress(a.address));
        const first = addresses[0];
        if (forbidden) callback(new ForbiddenAddressError(forbidden.address), '', 0);
        else if (!first) callback(new DnsFailure(undefined), '', 0);
        // Node ≥ 20 asks for every address (`all`) to try them in turn (happy eyeballs).
        else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: unknown) => callback(new DnsFailure((err as NodeJS.ErrnoException | undefined)?.code), '', 0),
    );
  };
}
