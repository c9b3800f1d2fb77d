import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';
import { HangingReceiver } from '../webhook-receiver.js';

/**
 * An endpoint whose receiver hangs (src/modules/webhooks/webhook-delivery.job.ts): after 3 timeouts
 * in a row its retries wait at least the timeout, doubled with each further timeout, and the
 * schedule still reaches every attempt; an answer ends the run of timeouts. Times here run on the
 * test's clock, except the 200 ms timeout (WEBHOOK_TIMEOUT_MS), which is real.
 */

const TIMEOUT_MS = 200;
const SCHEDULE = [100, 100, 100];

describe.each(testDialects())('webhook retries after timeouts [%s]', (dialect) => {
  let t: TestApp;
  let receiver: HangingReceiver;
  beforeAll(async () => {
    t = await setupApp(dialect, {
      config: { jobPollMs: 20, webhooks: { ...loadConfig({}).webhooks, retrySchedule: SCHEDULE, timeoutMs: TIMEOUT_MS, allowPrivate: true } },
    });
    receiver = await new HangingReceiver(TIMEOUT_MS).start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const deliveries = async (endpointId: string) => {
    const response = await t.request({ url: `/api/v1/webhook-endpoints/${endpointId}/deliveries?per_page=100` });
    expect(response.status, show(response)).toBe(200);
    return response.body.data as any[];
  };
  /** Each pending delivery's wait before its next attempt, shortest first (the clock stands still meanwhile). */
  const waits = (list: any[]) =>
    list
      .filter((d) => d.status === 'pending')
      .map((d) => Date.parse(d.next_attempt_at) - t.clock.now())
      .sort((a, b) => a - b);
  /** Each within the ±10% jitter of what is expected. */
  const expectWaits = (actual: number[], expected: number[]) => {
    expect(actual, `waits ${actual.join(', ')} against ${expected.join(', ')}`).toHaveLength(expected.length);
    actual.forEach((wait, i) => {
      expect(wait, `waits ${actual.join(', ')} against ${expected.join(', ')}`).toBeGreaterThanOrEqual(Math.floor(expected[i]! * 0.9));
      expect(wait, `waits ${actual.join(', ')} against ${expected.join(', ')}`).toBeLessThanOrEqual(Math.ceil(expected[i]! * 1.1));
    });
  };
  /** After k timeouts in a row: the scheduled wait, or from the 3rd on, at least 200 ms × 2^(k − 3). */
  const slowed = (scheduled: number, k: number) => (k < 3 ? scheduled : Math.max(scheduled, TIMEOUT_MS * 2 ** (k - 3)));

  it('slows the retries of an endpoint that keeps timing out, makes every attempt of the schedule, and goes back to the schedule after an answer', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: receiver.url, events: ['course.created'] } });
    expect(created.status, show(created)).toBe(201);
    const endpointId = created.body.data.id as string;
    for (let i = 0; i < 5; i++) await createCourse(t, { title: `Course ${i}` });

    // Every round attempts the 5 deliveries once, 2 at a time (the endpoint's cap), each a timeout.
    let timeouts = 0;
    for (let round = 1; round <= SCHEDULE.length; round++) {
      await t.app.background.drain();
      const list = await deliveries(endpointId);
      expect(list.map((d) => d.attempt_count)).toEqual([round, round, round, round, round]);
      expectWaits(
        waits(list),
        [1, 2, 3, 4, 5].map((i) => slowed(SCHEDULE[round - 1]!, timeouts + i)),
      );
      timeouts += 5;
      t.clock.advance(Math.max(...waits(list)));
    }
    // The last attempt of the schedule: every delivery failed after all 4 attempts, each a timeout.
    await t.app.background.drain();
    const failed = await deliveries(endpointId);
    expect(failed.map((d) => [d.status, d.attempt_count])).toEqual(Array(5).fill(['failed', 4]));
    expect(failed.flatMap((d) => d.attempts.map((a: any) => a.error))).toEqual(Array(20).fill('timeout'));
    expect(receiver.maxOpen, 'requests to the endpoint at once').toBeLessThanOrEqual(2);

    // An answer (a 500 would do as well) ends the run: the next failure waits as scheduled.
    receiver.answering = true;
    const retried = await t.request({ method: 'POST', url: `/api/v1/webhook-deliveries/${failed[0].id}/retry` });
    expect(retried.status, show(retried)).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'succeeded', attempt_count: 5 });
    receiver.answering = false;
    await createCourse(t, { title: 'After the answer' });
    await t.app.background.drain();
    const [latest] = await deliveries(endpointId);
    expect(latest).toMatchObject({ status: 'pending', attempt_count: 1 });
    expectWaits([Date.parse(latest.next_attempt_at) - t.clock.now()], [SCHEDULE[0]!]);
  });
});
