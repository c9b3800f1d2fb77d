import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../src/modules/rate-limits/circuit-breaker.js';

function breaker() {
  let now = 0;
  const events: string[] = [];
  const subject = new CircuitBreaker({
    probeIntervalMs: 500,
    now: () => now,
    onOpen: (err) => events.push(`open: ${err.message}`),
    onClose: () => events.push('close'),
  });
  return { subject, events, advance: (ms: number) => (now += ms) };
}

describe('the rate limiter circuit breaker', () => {
  it('opens on the first failure, probes one at a time after the interval, and closes on a probe that succeeds', () => {
    const { subject, events, advance } = breaker();
    expect(subject.route()).toBe('shared');
    const before = subject.period;
    subject.failed(before, new Error('Command timed out'));
    expect(events).toEqual(['open: Command timed out']);
    // Checks sent before it opened time out afterwards: no second log, no new interval.
    subject.failed(before, new Error('Command timed out'));
    subject.succeeded(before);
    expect(subject.closed).toBe(false);
    expect(subject.route()).toBe('local');

    advance(499);
    expect(subject.route()).toBe('local');
    advance(1);
    expect(subject.route()).toBe('probe');
    const probe = subject.period;
    expect(subject.route()).toBe('local'); // one probe at a time
    subject.failed(probe, new Error('Command timed out'));
    expect(subject.route()).toBe('local');
    advance(500);
    expect(subject.route()).toBe('probe');
    subject.succeeded(subject.period);
    expect(subject.closed).toBe(true);
    expect(subject.route()).toBe('shared');
    expect(events).toEqual(['open: Command timed out', 'close']);
  });

  it('is closed by a new connection, and a failure of the old one does not reopen it', () => {
    const { subject, events } = breaker();
    const old = subject.period;
    subject.failed(old, new Error('connect ECONNREFUSED'));
    const during = subject.period;
    subject.close();
    subject.failed(during, new Error('Connection is closed.'));
    expect(subject.closed).toBe(true);
    expect(events).toEqual(['open: connect ECONNREFUSED', 'close']);
  });
});
