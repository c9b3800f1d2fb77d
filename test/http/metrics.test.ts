import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../harness.js';

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp('sqlite');
  });
  afterAll(() => t.close());

  function sample(text: string, line: string): number {
    const match = new RegExp(`^${line.replace(/[{}+.]/g, '\\$&')} (\\S+)$`, 'm').exec(text);
    return match ? Number(match[1]) : Number.NaN;
  }

  it('counts requests by method, route pattern and status, with consistent latency buckets', async () => {
    for (let i = 0; i < 5; i++) await t.request({ url: '/api/v1/courses' });
    for (let i = 0; i < 2; i++) await t.request({ url: `/api/v1/courses/crs_missing${i}` });
    await t.request({ url: '/api/v1/courses', key: null });
    const text = (await t.app.inject({ url: '/metrics' })).body;
    const labels = (route: string, status: number) => `{method="GET",route="${route}",status="${status}"`;
    expect(sample(text, `lectern_http_requests_total${labels('/api/v1/courses', 200)}}`)).toBe(5);
    expect(sample(text, `lectern_http_requests_total${labels('/api/v1/courses/:id', 404)}}`)).toBe(2);
    expect(sample(text, `lectern_http_requests_total${labels('/api/v1/courses', 401)}}`)).toBe(1);
    const name = 'lectern_http_request_duration_seconds';
    expect(sample(text, `${name}_count${labels('/api/v1/courses', 200)}}`)).toBe(5);
    expect(sample(text, `${name}_bucket${labels('/api/v1/courses', 200)},le="+Inf"}`)).toBe(5);
    const buckets = [...text.matchAll(new RegExp(`^${name}_bucket\\{method="GET",route="/api/v1/courses",status="200",le="[^"]+"\\} (\\S+)$`, 'gm'))].map((m) => Number(m[1]));
    expect(buckets).toHaveLength(13);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]).toBeGreaterThanOrEqual(buckets[i - 1]!);
    expect(sample(text, `${name}_sum${labels('/api/v1/courses', 200)}}`)).toBeGreaterThan(0);
  });

  // Skipped only where /proc does not exist (not Linux): the figures come from /proc/self/status.
  it.skipIf(!fs.existsSync('/proc/self/status'))('shows resident memory as anonymous and file-backed, adding up to the RSS /proc reports', async () => {
    const text = (await t.app.inject({ url: '/metrics' })).body;
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
    const anonymous = sample(text, 'lectern_process_resident_anonymous_bytes');
    const file = sample(text, 'lectern_process_resident_file_bytes');
    const shmem = sample(text, 'lectern_process_resident_shmem_bytes');
    // The app runs in this process: its figures are this process's, within what moved since the scrape.
    const near = (value: number, expected: number) => expect(Math.abs(value - expected), `${value} vs ${expected}`).toBeLessThan(expected * 0.1 + 4 * 1024 * 1024);
    near(anonymous, kb('RssAnon'));
    near(file, kb('RssFile'));
    expect(shmem).toBeGreaterThanOrEqual(0);
    near(anonymous + file + shmem, kb('VmRSS'));
    // Node's code at least is mapped from files; the heap is anonymous.
    expect(file).toBeGreaterThan(1024 * 1024);
    expect(anonymous).toBeGreaterThan(10 * 1024 * 1024);
  });
});
