import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { expect } from 'vitest';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import { buildRichCourse, unzipToDir } from '../exports-support.js';
import { show, type TestApp } from '../harness.js';

/**
 * What the browser tests share: Debian's Chromium driven by playwright-core, a local HTTP server
 * (static folders and a test LMS's own routes), and a guard that fails a test on any request to
 * another host.
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether Debian's Chromium is installed: the browser tests skip (with a warning) when it is not,
 * unless REQUIRE_CHROMIUM is set (CI), where a missing browser is a failure.
 */
export function chromiumAvailable(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.env.REQUIRE_CHROMIUM) throw new Error(`Chromium is required (REQUIRE_CHROMIUM is set) but ${CHROMIUM} does not exist (apt-get install chromium)`);
  console.warn(`${CHROMIUM} not found (Debian package chromium): the browser tests are skipped`);
  return false;
}

/** Debian's Chromium through playwright-core, with the flags this machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
}

/** Debian's Chromium, or null when it is not installed and not required (chromiumAvailable). */
export async function openChromium(): Promise<Browser | null> {
  return chromiumAvailable() ? launchChromium() : null;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.xsd': 'application/xml',
  '.md': 'text/markdown; charset=utf-8',
};

export interface LocalServer {
  origin: string;
  close(): Promise<void>;
}

/** A request's route handler: answers true when it answered. */
export type Handler = (request: http.IncomingMessage, response: http.ServerResponse, body: string) => boolean | Promise<boolean>;

/**
 * A server on 127.0.0.1: `handler` first, then files of `folders` by URL prefix (`/package/` →
 * a folder); anything else 404.
 */
export async function serve(folders: Record<string, string>, handler: Handler = () => false): Promise<LocalServer> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        try {
          if (await handler(request, response, Buffer.concat(chunks).toString('utf8'))) return;
          const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
          for (const [prefix, folder] of Object.entries(folders)) {
            if (!pathname.startsWith(prefix)) continue;
            const file = path.resolve(folder, `.${path.posix.normalize(`/${pathname.slice(prefix.length)}`)}`);
            if (file.startsWith(path.resolve(folder)) && fs.existsSync(file) && fs.statSync(file).isFile()) {
              response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
              response.end(fs.readFileSync(file));
              return;
            }
          }
          response.writeHead(404).end();
        } catch (err) {
          response.writeHead(500).end(String(err));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Refuses, and records, every request the pages of `context` make to an origin other than
 * `allowed`: the test asserts the list is empty.
 */
export async function guardNetwork(context: BrowserContext, allowed: string[]): Promise<string[]> {
  const foreign: string[] = [];
  await context.route(
    () => true,
    async (route) => {
      const url = route.request().url();
      if (allowed.includes(new URL(url).origin)) return route.continue();
      foreign.push(url);
      return route.abort('blockedbyclient');
    },
  );
  return foreign;
}

/**
 * Waits until `read` answers what the assertion chained on it expects: up to 20 s, since a loaded
 * CI machine may be slow (a wait, not a timing assertion).
 */
export function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 20_000, interval: 50 });
}

/**
 * The course of buildRichCourse (every lesson type and quiz kind, hostile text) exported as
 * `format` through the API, the job run to its end, the package unzipped into a temporary folder.
 */
export async function exportRichCourse(t: TestApp, format: 'scorm12' | 'cmi5') {
  await setPlan(t.ctx, t.accountId, 'professional', { hourly_limit: 1_000_000, burst_limit: 1_000_000, export_hourly_limit: 1_000 });
  const post = async (url: string, body: unknown) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body });
    expect(response.status, show(response)).toBe(201);
    return response.body.data;
  };
  const built = await buildRichCourse(post);
  const created = await t.request({ method: 'POST', url: `/api/v1/courses/${built.course.id}/export`, body: { format } });
  expect(created.status, show(created)).toBe(202);
  let job: { status: string; download_url: string };
  do {
    await new Promise((r) => setTimeout(r, 20));
    job = (await t.request({ url: `/api/v1/exports/${created.body.data.id}` })).body.data;
  } while (job.status === 'queued' || job.status === 'running');
  expect(job.status).toBe('succeeded');
  const file = await t.app.inject({ method: 'GET', url: job.download_url, headers: { authorization: `Bearer ${t.key}` } });
  return { folder: await unzipToDir(file.rawPayload), lessons: built.lessons };
}
