import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/plugins/transport.js';

// Every TRUST_PROXY reading against every shape of X-Forwarded-For: the shortcut must answer what
// Fastify's request.ip answers.
describe('clientAddress', () => {
  const trustSettings: (boolean | number | string)[] = [false, true, 1, 2, '127.0.0.1', '10.0.0.0/8', 'loopback'];
  const forwardedFor: (string | string[] | undefined)[] = [undefined, '', '203.0.113.7', ' 203.0.113.7 ', '198.51.100.1, 203.0.113.7', '198.51.100.1,10.0.0.2, 127.0.0.1', ['203.0.113.7', '198.51.100.1']];

  for (const trustProxy of trustSettings) {
    it(`answers request.ip with trustProxy ${JSON.stringify(trustProxy)}`, async () => {
      const app = Fastify({ trustProxy: trustProxy as boolean }); // Fastify also takes a hop count, which its types omit
      app.get('/', async (request) => ({ ip: request.ip, address: clientAddress(request) }));
      for (const header of forwardedFor) {
        for (const remoteAddress of ['127.0.0.1', '10.1.2.3', '192.0.2.9']) {
          const res = await app.inject({ method: 'GET', url: '/', remoteAddress, headers: header === undefined ? {} : { 'x-forwarded-for': header } });
          const { ip, address } = res.json<{ ip: string; address: string }>();
          expect(address, `x-forwarded-for ${JSON.stringify(header)} from ${remoteAddress}`).toBe(ip);
        }
      }
      await app.close();
    });
  }
});
