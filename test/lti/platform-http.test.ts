import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPlatform, PLATFORM_USER_AGENT } from '../../src/modules/lti/platform-http.js';
import { PlatformKeySets } from '../../src/modules/lti/platform-jwks.js';
import { ManualClock } from '../../src/shared/clock.js';
import { PlatformSimulator } from './platform-simulator.js';

/** Lectern's calls to a platform: the webhooks' address rules, a User-Agent, and the key sets' cache. */
let sim: PlatformSimulator;
beforeAll(async () => {
  sim = await PlatformSimulator.start({ jwksCacheControl: 'max-age=120' });
});
afterAll(async () => {
  await sim.close();
});

const open = { policy: { requireHttps: false, allowPrivate: true } };
const closed = { policy: { requireHttps: false, allowPrivate: false } };

describe('callPlatform', () => {
  it('sends a User-Agent and answers the platform\'s response', async () => {
    const response = await callPlatform({ url: sim.jwksUrl }, open);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).keys).toHaveLength(1);
    expect(sim.requests.at(-1)!.headers['user-agent']).toBe(PLATFORM_USER_AGENT);
  });

  it('refuses private addresses unless allowed: a literal, and a name resolving to one', async () => {
    await expect(callPlatform({ url: sim.jwksUrl }, closed)).rejects.toThrow(/forbidden address 127\.0\.0\.1/);
    const lookup = async () => [{ address: '10.1.2.3', family: 4 as const }];
    await expect(callPlatform({ url: 'http://lms.internal.test/jwks' }, { ...closed, lookup })).rejects.toThrow(/forbidden address 10\.1\.2\.3/);
  });

  it('refuses http when https is required, and URLs with credentials', async () => {
    await expect(callPlatform({ url: sim.jwksUrl }, { policy: { requireHttps: true, allowPrivate: true } })).rejects.toThrow(/https/);
    await expect(callPlatform({ url: `http://user:pw@127.0.0.1/jwks` }, open)).rejects.toThrow(/credentials/);
  });

  it('gives up after its timeout and past its size', async () => {
    await expect(callPlatform({ url: sim.jwksUrl, maxResponseBytes: 10 }, open)).rejects.toThrow(/larger than 10 bytes/);
  });
});

describe('PlatformKeySets', () => {
  it('keeps a set for its max-age, refetches once on an unknown kid, then waits 5 s', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 28));
    const sets = new PlatformKeySets(clock, open);
    const fetches = () => sim.received('/jwks').length;
    const start = fetches();
    await sets.key(sim.jwksUrl, sim.currentKey.kid);
    await sets.key(sim.jwksUrl, sim.currentKey.kid);
    expect(fetches()).toBe(start + 1);
    await expect(sets.key(sim.jwksUrl, 'nope')).rejects.toThrow(/no key "nope"/); // within 5 s of the fetch: no refetch
    expect(fetches()).toBe(start + 1);
    clock.advance(5_000);
    await expect(sets.key(sim.jwksUrl, 'nope')).rejects.toThrow(/no key/);
    expect(fetches()).toBe(start + 2);
    clock.advance(1_000);
    const rotated = await sim.rotateKey();
    await expect(sets.key(sim.jwksUrl, rotated.kid)).rejects.toThrow(/no key/); // cool-down
    clock.advance(4_000);
    await sets.key(sim.jwksUrl, rotated.kid);
    expect(fetches()).toBe(start + 3);
    clock.advance(121_000); // past max-age=120
    await sets.key(sim.jwksUrl, rotated.kid);
    expect(fetches()).toBe(start + 4);
  });

  it('keeps using a held set when a refetch fails; no set at all is "unavailable"', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 28));
    const sets = new PlatformKeySets(clock, open);
    const kid = sim.currentKey.kid;
    await sets.key(sim.jwksUrl, kid);
    sim.jwksStatus = 503;
    try {
      clock.advance(200_000); // past max-age: a refetch, which fails
      const fetches = sim.received('/jwks').length;
      await expect(sets.key(sim.jwksUrl, kid)).resolves.toBeDefined();
      clock.advance(30_000);
      await expect(sets.key(sim.jwksUrl, kid)).resolves.toBeDefined(); // no new try within the minute
      expect(sim.received('/jwks').length).toBe(fetches + 1);
      await expect(new PlatformKeySets(clock, open).key(sim.jwksUrl, kid)).rejects.toThrow(/could not be fetched \(it answered 503\)/);
    } finally {
      sim.jwksStatus = 200;
    }
  });
});
