import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { checkWebhookUrl, isForbiddenAddress, type Lookup, type UrlPolicy } from '../../src/modules/webhooks/url-safety.js';
import { closeSenderAgents, type SendRequest, sendWebhook } from '../../src/modules/webhooks/webhook-sender.js';

const resolvesTo =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));

describe('isForbiddenAddress', () => {
  const forbidden: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback /8'],
    ['::1', 'IPv6 loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network /8'],
    ['::', 'IPv6 unspecified'],
    ['10.0.0.1', '10/8'],
    ['10.255.255.255', '10/8 end'],
    ['172.16.0.1', '172.16/12 start'],
    ['172.31.255.255', '172.16/12 end'],
    ['192.168.1.1', '192.168/16'],
    ['fc00::1', 'ULA fc00::/7'],
    ['fdff:ffff::1', 'ULA fd'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'IPv6 link-local'],
    ['febf::1', 'IPv6 link-local end'],
    ['fe80::1%eth0', 'scoped link-local'],
    ['100.64.0.1', 'CGNAT start'],
    ['100.127.255.255', 'CGNAT end'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast end'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 metadata'],
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:a00:1::1', '6to4 of 10/8'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.18.0.1', 'benchmark start'],
    ['198.19.255.255', 'benchmark end'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['2001:2::1', 'IPv6 benchmark'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['localhost', 'not an IP'],
    ['', 'empty'],
    ['127.1', 'short form'],
    ['0177.0.0.1', 'octal form'],
    ['[::1]', 'bracketed'],
    ['1.2.3.4.5', 'too many parts'],
  ];
  const allowed = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.15.255.255', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];

  it.each(forbidden)('forbids %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });
  it.each(allowed)('allows %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  const strict: UrlPolicy = { requireHttps: false, allowPrivate: false };
  const neverCalled: Lookup = async () => {
    throw new Error('lookup must not be called');
  };

  it.each([
    'http://127.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1',
    'http://[::1]:8080/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://[::ffff:127.0.0.1]/',
  ])('refuses the address literal %s without DNS', async (url) => {
    expect(await checkWebhookUrl(url, strict, neverCalled)).toMatch(/^must not point to a private, loopback or link-local address .*WEBHOOK_ALLOW_PRIVATE=true/);
  });

  it('refuses names that resolve to a forbidden address, even alongside a public one', async () => {
    expect(await checkWebhookUrl('http://localhost:3000/', strict)).toMatch(/private, loopback or link-local/);
    expect(await checkWebhookUrl('https://example.test/hook', strict, resolvesTo('10.1.2.3'))).toMatch(/private/);
    expect(await checkWebhookUrl('https://example.test/hook', strict, resolvesTo('93.184.216.34', 'fe80::1'))).toMatch(/private/);
  });

  it('accepts a name that resolves only to public addresses', async () => {
    expect(await checkWebhookUrl('https://hooks.example.com/lectern?x=1', strict, resolvesTo('93.184.216.34'))).toBeUndefined();
    expect(await checkWebhookUrl('https://8.8.8.8/', strict, neverCalled)).toBeUndefined();
  });

  it('refuses a name that does not resolve', async () => {
    const failing: Lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkWebhookUrl('https://nowhere.test/', strict, failing)).toBe('does not resolve');
    expect(await checkWebhookUrl('https://nowhere.test/', strict, resolvesTo())).toBe('does not resolve');
  });

  it('applies scheme and syntax rules', async () => {
    const lookup = resolvesTo('93.184.216.34');
    expect(await checkWebhookUrl('http://hooks.example.com/', { requireHttps: true, allowPrivate: false }, lookup)).toBe('must use https');
    expect(await checkWebhookUrl('ftp://hooks.example.com/', strict, lookup)).toBe('must use http or https');
    expect(await checkWebhookUrl('javascript:alert(1)', strict, lookup)).toBe('must use http or https');
    expect(await checkWebhookUrl('not a url', strict, lookup)).toBe('must be an absolute URL');
    expect(await checkWebhookUrl('/relative/path', strict, lookup)).toBe('must be an absolute URL');
    expect(await checkWebhookUrl('https://user:pass@hooks.example.com/', strict, lookup)).toBe('must not contain credentials');
    expect(await checkWebhookUrl('https://user@hooks.example.com/', strict, lookup)).toBe('must not contain credentials');
    expect(await checkWebhookUrl('https://hooks.example.com/#x', strict, lookup)).toBe('must not contain a fragment');
    expect(await checkWebhookUrl('https://hooks.example.com/#', strict, lookup)).toBe('must not contain a fragment');
  });

  it('with allowPrivate checks only syntax and scheme, never DNS', async () => {
    const lax: UrlPolicy = { requireHttps: false, allowPrivate: true };
    expect(await checkWebhookUrl('http://127.0.0.1:3000/hook', lax, neverCalled)).toBeUndefined();
    expect(await checkWebhookUrl('http://unresolvable.test/', lax, neverCalled)).toBeUndefined();
    expect(await checkWebhookUrl('http://127.0.0.1/', { requireHttps: true, allowPrivate: true }, neverCalled)).toBe('must use https');
  });
});

describe('sendWebhook', () => {
  type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
  const servers: http.Server[] = [];

  /** A receiver on 127.0.0.1 that counts the connections it ever accepted. */
  async function receiver(handler: Handler) {
    const server = http.createServer(handler);
    const state = { connections: 0, server, port: 0 };
    server.on('connection', () => state.connections++);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.port = (server.address() as AddressInfo).port;
    return state;
  }

  afterEach(async () => {
    closeSenderAgents();
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  afterAll(() => closeSenderAgents());

  const local = (port: number, overrides: Partial<SendRequest> = {}): SendRequest => ({
    url: `http://127.0.0.1:${port}/hooks/lectern?src=test`,
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,c2lnbmF0dXJl' },
    body: JSON.stringify({ type: 'course.created', data: { title: 'Émile' } }),
    timeoutMs: 2_000,
    maxResponseBytes: 64 * 1024,
    policy: { requireHttps: false, allowPrivate: true },
    ...overrides,
  });

  it('POSTs the body and headers exactly as given', async () => {
    let seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string } | undefined;
    const target = await receiver((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        res.end('ok');
      });
    });
    const request = local(target.port);
    const result = await sendWebhook(request);

    expect(result).toMatchObject({ statusCode: 200, error: null, responseExcerpt: 'ok' });
    expect(Number.isInteger(result.latencyMs)).toBe(true);
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/hooks/lectern?src=test');
    expect(seen?.body).toBe(request.body);
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Lectern-Webhooks/1',
      'content-length': String(Buffer.byteLength(request.body)),
      ...request.headers,
    });
  });

  it('reports a 500 with the first 1024 characters of its body', async () => {
    const target = await receiver((_req, res) => {
      res.statusCode = 500;
      res.end('x'.repeat(5_000));
    });
    const result = await sendWebhook(local(target.port));
    expect(result.statusCode).toBe(500);
    expect(result.error).toBeNull();
    expect(result.responseExcerpt).toBe('x'.repeat(1024));
  });

  it('returns a redirect as it is and never follows it', async () => {
    const elsewhere = await receiver((_req, res) => res.end('followed'));
    const target = await receiver((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/` });
      res.end();
    });
    const result = await sendWebhook(local(target.port));
    expect(result).toMatchObject({ statusCode: 302, error: null });
    expect(elsewhere.connections).toBe(0);
  });

  it('gives up after timeoutMs on a receiver that never answers', async () => {
    const target = await receiver(() => {});
    const result = await sendWebhook(local(target.port, { timeoutMs: 300 }));
    expect(result).toMatchObject({ statusCode: null, error: 'timeout' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(1_000);
  });

  it('keeps the status when the body stalls after the headers, and still reports the timeout', async () => {
    const target = await receiver((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    const result = await sendWebhook(local(target.port, { timeoutMs: 300 }));
    expect(result).toMatchObject({ statusCode: 200, error: 'timeout', responseExcerpt: 'partial' });
  });

  it('stops reading a huge body at maxResponseBytes', async () => {
    let written = 0;
    let bodyCut: Promise<boolean> | undefined;
    const target = await receiver((_req, res) => {
      // The connection closes: before the whole body went out (the sender hung up), or after it.
      bodyCut = new Promise((resolve) => res.once('close', () => resolve(!res.writableFinished)));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (written < 10 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.writeHead(200);
      pump();
    });
    const started = Date.now();
    const result = await sendWebhook(local(target.port, { maxResponseBytes: 16 * 1024, timeoutMs: 5_000 }));
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(result.responseExcerpt).toBe('a'.repeat(1024));
    expect(Date.now() - started).toBeLessThan(1_000);
    // The socket was dropped: the receiver could not push the whole body through.
    expect(await bodyCut, 'the connection closed before the body ended').toBe(true);
    expect(written).toBeLessThan(10 * 1024 * 1024);
  });

  it('reports a closed port as connection_refused', async () => {
    const target = await receiver(() => {});
    const port = target.port;
    await new Promise((resolve) => target.server.close(resolve));
    const result = await sendWebhook(local(port));
    expect(result).toMatchObject({ statusCode: null, error: 'connection_refused', responseExcerpt: '' });
  });

  it('refuses plain http when https is required', async () => {
    const target = await receiver((_req, res) => res.end());
    const result = await sendWebhook(local(target.port, { policy: { requireHttps: true, allowPrivate: true } }));
    expect(result).toMatchObject({ statusCode: null, error: 'https_required' });
    expect(target.connections).toBe(0);
  });

  describe('without allowPrivate', () => {
    const strict: UrlPolicy = { requireHttps: false, allowPrivate: false };

    it('refuses an address literal before connecting', async () => {
      const target = await receiver((_req, res) => res.end());
      for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '2130706433']) {
        const result = await sendWebhook(local(target.port, { url: `http://${host}:${target.port}/`, policy: strict }));
        expect(result).toMatchObject({ statusCode: null, error: expect.stringMatching(/^forbidden_address: /) });
      }
      expect(target.connections).toBe(0);
    });

    it('refuses a name whose DNS now points at loopback (rebinding), where it connects', async () => {
      const target = await receiver((_req, res) => res.end());
      const result = await sendWebhook(local(target.port, { url: `http://rebind.test:${target.port}/`, policy: strict, lookup: resolvesTo('127.0.0.1') }));
      expect(result).toEqual(expect.objectContaining({ statusCode: null, error: 'forbidden_address: 127.0.0.1' }));
      expect(target.connections).toBe(0);
    });

    it('refuses when any resolved address is forbidden, and reports names that do not resolve', async () => {
      const target = await receiver((_req, res) => res.end());
      const mixed = await sendWebhook(local(target.port, { url: `http://mixed.test:${target.port}/`, policy: strict, lookup: resolvesTo('93.184.216.34', '127.0.0.1') }));
      expect(mixed.error).toBe('forbidden_address: 127.0.0.1');
      const none = await sendWebhook(local(target.port, { url: `http://gone.test:${target.port}/`, policy: strict, lookup: resolvesTo() }));
      expect(none.error).toBe('dns_failure');
      expect(target.connections).toBe(0);
    });

    it('connects through the checked lookup when private addresses are allowed', async () => {
      const target = await receiver((_req, res) => res.end('hi'));
      const result = await sendWebhook(
        local(target.port, { url: `http://receiver.test:${target.port}/`, lookup: resolvesTo('127.0.0.1'), policy: { requireHttps: false, allowPrivate: true } }),
      );
      expect(result).toMatchObject({ statusCode: 200, error: null, responseExcerpt: 'hi' });
    });
  });

  it('never throws, and never puts header values in an error', async () => {
    const bad = await sendWebhook(local(1, { headers: { 'webhook-signature': 'v1,secret\nInjected: yes' } }));
    expect(bad.statusCode).toBeNull();
    expect(bad.error).not.toContain('secret');
    expect((await sendWebhook(local(1, { url: 'not a url' }))).error).toBe('invalid_url: must be an absolute URL');
  });
});
