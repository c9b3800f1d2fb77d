import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, type SetupOptions, type TestApp } from '../harness.js';

/** A test route that reports how much of its response its socket still held right after send(). */
function pendingRoute(seen: { pendingAfterSend: number }): SetupOptions['extend'] {
  return (app) => {
    app.get('/test/pending', { config: { public: true } }, (_request, reply) => {
      reply.send('sent');
      seen.pendingAfterSend = reply.raw.socket!.writableLength;
    });
  };
}

describe.each(testDialects())('responses on a real connection [%s]', (dialect) => {
  let t: TestApp;
  const seen = { pendingAfterSend: -1 };
  let address = '';
  beforeAll(async () => {
    t = await setupApp(dialect, { extend: pendingRoute(seen) });
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  // src/runtime/write-coalescing.ts, on with RUNTIME_TUNING (the default); CI runs this file both ways.
  it('leave at the end of the event-loop turn with RUNTIME_TUNING on, at once with it off', async () => {
    const response = await fetch(`${address}/test/pending`);
    expect(await response.text()).toBe('sent');
    if (t.config.runtimeTuning) expect(seen.pendingAfterSend).toBeGreaterThan(0);
    else expect(seen.pendingAfterSend).toBe(0);
  });

  it('carry the API answer and its headers as before', async () => {
    const response = await fetch(`${address}/api/v1/courses`, { headers: { authorization: `Bearer ${t.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-z]{26}$/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000000');
    expect(Object.keys((await response.json()) as object).sort()).toEqual(['data', 'pagination']);
  });
});

describe('responses over TLS (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  let t: TestApp;
  const seen = { pendingAfterSend: -1 };
  let port = 0;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lectern-tls-'));
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    t = await setupApp('sqlite', { config: { tlsCertFile: cert, tlsKeyFile: key }, extend: pendingRoute(seen) });
    port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (urlPath: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: urlPath, headers, rejectUnauthorized: false }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });

  // A TLS socket writes asynchronously anyway, so the pending length cannot tell coalescing
  // apart here; this checks that the wrapped TLS sockets answer, one request after another.
  it('answer the API on the TLS socket, request after request', async () => {
    for (let i = 0; i < 3; i++) {
      const page = await get('/api/v1/courses', { authorization: `Bearer ${t.key}` });
      expect(page.status).toBe(200);
      expect(Object.keys(JSON.parse(page.body) as object).sort()).toEqual(['data', 'pagination']);
    }
    expect((await get('/test/pending')).body).toBe('sent');
  });
});
