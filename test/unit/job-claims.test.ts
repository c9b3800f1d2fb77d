import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type ClaimedJob, claimDueJobs, finishJob, type JobGroups } from '../../src/jobs/queue.js';
import { endpointOfJob } from '../../src/modules/webhooks/webhooks.repository.js';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

/**
 * Claims of grouped jobs (src/jobs/queue.ts), on both databases, with no runner of its own (WORKER
 * off): webhook deliveries grouped by endpoint are claimed in turn across endpoints, and never more
 * of one endpoint than its cap counting the leases already held, whichever process holds them.
 */
describe.each(testDialects())('job claims in turn across groups [%s]', (dialect) => {
  let t: TestApp;
  const LEASE_MS = 60_000;
  const groups: JobGroups = { of: endpointOfJob, cap: 2 };
  const endpointIds: string[] = [];

  beforeAll(async () => {
    t = await setupApp(dialect, { config: { worker: false, webhooks: { ...loadConfig({}).webhooks, allowPrivate: true } } });
    for (const name of ['a', 'b', 'c']) {
      const created = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: `http://127.0.0.1:9/${name}`, events: ['course.created'] } });
      expect(created.status, show(created)).toBe(201);
      endpointIds.push(created.body.data.id);
    }
    // 5 events, each delivered to the 3 endpoints: 15 due jobs, 5 per endpoint.
    for (let i = 0; i < 5; i++) await createCourse(t, { title: `Course ${i}` });
  });
  afterAll(() => t.close());

  const endpointOf = async (job: ClaimedJob) =>
    (await t.ctx.db.selectFrom('webhook_deliveries').select('endpoint_id').where('id', '=', job.subjectId).executeTakeFirstOrThrow()).endpoint_id;
  const perEndpoint = async (jobs: ClaimedJob[]) => {
    const counts = Object.fromEntries(endpointIds.map((id) => [id, 0]));
    for (const job of jobs) counts[await endpointOf(job)]!++;
    return endpointIds.map((id) => counts[id]);
  };
  const claim = (limit: number) => claimDueJobs(t.ctx.db, 'webhook_delivery', t.clock.now(), LEASE_MS, limit, groups);

  it('hands out each endpoint’s oldest job in turn, never past the cap, and a slot again when a job ends', async () => {
    // One turn for every endpoint before any gets a second.
    const first = await claim(4);
    expect(first).toHaveLength(4);
    expect((await perEndpoint(first)).sort()).toEqual([1, 1, 2]);
    // The leases count: what is left is one more for each endpoint that has one, up to 2 each.
    const second = await claim(8);
    expect(second).toHaveLength(2);
    expect(await perEndpoint([...first, ...second])).toEqual([2, 2, 2]);
    // Every endpoint at its cap: 9 jobs due, none claimed.
    expect(await claim(8)).toEqual([]);
    // A job of one endpoint ends: that endpoint, and only it, gets one more.
    const ended = first[0]!;
    expect(await finishJob(t.ctx.db, ended)).toBe(true);
    const third = await claim(8);
    expect(third).toHaveLength(1);
    expect(await endpointOf(third[0]!)).toBe(await endpointOf(ended));
  });

  it('counts a lease no longer: once it lapses its job is due again and takes its endpoint’s turn', async () => {
    t.clock.advance(LEASE_MS + 1);
    const again = await claim(100);
    expect(await perEndpoint(again)).toEqual([2, 2, 2]);
  });
});
