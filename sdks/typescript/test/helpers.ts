// A fake transport and a fake sleep for the unit tests, and the shared files they read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Lectern, type LecternOptions } from '../src/index.js';

export const sdks = path.resolve(import.meta.dirname, '../..');

export function readShared<T>(relative: string): T {
  return JSON.parse(readFileSync(path.join(sdks, relative), 'utf8')) as T;
}

/** What the fake transport answers: a Response, or 'network_error' (fetch rejects as it does). */
export type FakeAnswer = Response | 'network_error' | ((request: Request) => Response | 'network_error');

export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A client whose transport answers `answers` in turn and whose sleep only records. */
export function fakeClient(answers: FakeAnswer[], options: LecternOptions = {}) {
  const sent: SentRequest[] = [];
  const sleeps: number[] = [];
  const queue = [...answers];
  const client = new Lectern({
    apiKey: 'lct_prod_test',
    baseUrl: 'https://lectern.test/api/v1',
    ...options,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: typeof init.body === 'string' ? init.body : undefined,
      });
      const next = queue.shift();
      if (next === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`);
      const answer = typeof next === 'function' ? next(request) : next;
      if (answer === 'network_error') throw new TypeError('fetch failed');
      return answer;
    },
    sleep: async (milliseconds) => {
      sleeps.push(milliseconds / 1000);
    },
  });
  return { client, sent, sleeps, remaining: queue };
}
