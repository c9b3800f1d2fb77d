import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, type TestApp } from '../harness.js';

describe.each(testDialects())('responses on a real connection [%s]', (dialect) => {
  let t: TestApp;
  let pendingAfterSend = -1;
  let address = '';
  beforeAll(async () => {
    t = await setupApp(dialect, {
      extend: (app) => {
        app.get('/test/pending', { config: { public: true } }, (_request, reply) => {
          reply.send('sent');
          pendingAfterSend = reply.raw.socket!.writableLength;
        });
      },
    });
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('leave together at the end of the event-loop turn (write coalescing is on)', async () => {
    const response = await fetch(`${address}/test/pending`);
    expect(await response.text()).toBe('sent');
    expect(pendingAfterSend).toBeGreaterThan(0);
  });

  it('carry the API answer and its headers as before', async () => {
    const response = await fetch(`${address}/api/v1/courses`, { headers: { authorization: `Bearer ${t.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-z]{26}$/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000000');
    expect(Object.keys((await response.json()) as object).sort()).toEqual(['data', 'pagination']);
  });
});
