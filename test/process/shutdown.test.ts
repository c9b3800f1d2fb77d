import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { type RunningServer, startServer } from './spawn.js';

/** One response as read off the wire. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A keep-alive connection that sends one request at a time, written by hand so the test knows
 * exactly what was written on which connection and when the server closed it. A request is
 * `lost` when the connection ends or is reset while the request waits for its answer and the
 * server had not announced `Connection: close` on it: the request was written before the server
 * said it would close.
 */
class Connection {
  readonly answers: Answer[] = [];
  readonly lost: { path: string; error: string; writtenAt: number }[] = [];
  /** The server answered `Connection: close`: nothing more is written here. */
  announcedClose = false;
  closed = false;
  private buffer = Buffer.alloc(0);
  private waiting: { path: string; writtenAt: number; resolve: (answer: Answer | undefined) => void } | undefined;
  private readonly socket: net.Socket;
  readonly ready: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect({ host: '127.0.0.1', port });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    const ended = (error: string) => {
      this.closed = true;
      if (this.waiting) {
        // A request was waiting: whether the server had announced the close decides if it counts.
        if (!this.announcedClose) this.lost.push({ path: this.waiting.path, error, writtenAt: this.waiting.writtenAt });
        const { resolve } = this.waiting;
        this.waiting = undefined;
        resolve(undefined);
      }
    };
    this.socket.on('error', (err: NodeJS.ErrnoException) => ended(err.code ?? err.message));
    this.socket.on('end', () => ended('socket hang up (FIN before the answer)'));
    this.socket.on('close', () => ended('closed'));
  }

  /** Sends a request; answers undefined when the connection closed before its answer. */
  send(path: string, headers: Record<string, string>, method = 'GET', body = ''): Promise<Answer | undefined> {
    if (this.closed || this.announcedClose || this.waiting) throw new Error('not writable');
    const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', body];
    return new Promise((resolve) => {
      this.waiting = { path, writtenAt: performance.now(), resolve };
      this.socket.write(lines.join('\r\n'));
    });
  }

  /** More bytes of the request under way (the rest of a body). */
  write(bytes: string): void {
    this.socket.write(bytes);
  }

  get writable(): boolean {
    return !this.closed && !this.announcedClose && !this.waiting;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine, ...headerLines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      const answer: Answer = { status: Number(statusLine!.split(' ')[1]), headers, body };
      this.answers.push(answer);
      if ((headers.connection ?? '').toLowerCase() === 'close') this.announcedClose = true;
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.resolve(answer);
    }
  }
}

const CONNECTIONS = 16;

describe.each(testDialects())('SIGTERM under keep-alive load [%s]', (dialect) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let server: RunningServer;
  beforeAll(async () => {
    ({ env, drop } = await freshDatabaseEnv(dialect));
    server = await startServer({ ...env, RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    server.process.kill('SIGKILL');
    await drop();
  });

  it('answers every request that reached it (served, with Connection: close), then exits 0', async () => {
    const key = /\n {2}(lct_prod_[0-9A-Za-z]{32,})\n/.exec(server.stdout())![1]!;
    const headers = { authorization: `Bearer ${key}` };
    const port = Number(new URL(server.url).port);
    const connections = Array.from({ length: CONNECTIONS }, () => new Connection(port));
    // Idle connections for /readyz. One asked while the signal arrives may be answered 200 with
    // Connection: close (a request in flight finishes as it started); the next asks on another.
    const probes = Array.from({ length: 4 }, () => new Connection(port));
    // A request in flight across the whole drain: its body's second half comes 1.5 s after the signal.
    const slow = new Connection(port);
    await Promise.all([...connections, ...probes, slow].map((c) => c.ready));
    expect((await probes[0]!.send('/readyz', {}))?.status).toBe(200);

    // Each connection sends request after request, some with a pause of 0-3 ms between them, so
    // that when SIGTERM comes some connections are idle and their next request arrives in the
    // milliseconds after it (the requests the server used to reset).
    const written: number[] = [];
    const loops = connections.map(async (connection, i) => {
      while (connection.writable) {
        written.push(performance.now());
        await connection.send('/api/v1/courses?per_page=5', headers);
        if (i % 4) await new Promise((resolve) => setTimeout(resolve, i % 4));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 500));
    const body = JSON.stringify({ title: 'Finished after the drain' });
    const created = slow.send('/api/v1/courses', { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, 'POST', body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signalAt = performance.now();
    server.process.kill('SIGTERM');
    setTimeout(() => slow.write(body.slice(10)), 1_500);
    // /readyz on a connection that was idle: 503 as soon as the process has the signal (asked
    // every 5 ms until then; a busy machine may take a while to run the signal's handler).
    let ready: Answer | undefined;
    do {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const probe = probes.find((c) => c.writable);
      if (!probe) break;
      ready = await probe.send('/readyz', {});
    } while (ready?.status === 200 && performance.now() - signalAt < 5_000);
    const readyMs = performance.now() - signalAt;

    await Promise.all(loops);
    const slowAnswer = await created;
    const exitCode = await server.exited;
    const exitMs = performance.now() - signalAt;
    for (const c of [...connections, ...probes, slow]) c.destroy();

    // Requests written in the last 250 ms before the signal and after it (a busy machine answers
    // slowly and in bursts, so a narrower window may catch none on some runs).
    const writtenAround = written.filter((at) => Math.abs(at - signalAt) < 250);
    const writtenAfter = written.filter((at) => at > signalAt);
    const lost = connections.flatMap((c) => c.lost);
    const answers = connections.flatMap((c) => c.answers);
    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    const summary = JSON.stringify({
      lost,
      statuses,
      answers: answers.length,
      writtenAround: writtenAround.length,
      writtenWithin20ms: written.filter((at) => Math.abs(at - signalAt) < 20).length,
      writtenAfter: writtenAfter.length,
      ready: ready?.status,
      readyMs,
      slow: slowAnswer && { status: slowAnswer.status, connection: slowAnswer.headers.connection },
      exitCode,
      exitMs,
    });
    console.log(summary);
    expect(lost, summary).toEqual([]);
    expect(statuses.every((s) => s === 200), summary).toBe(true);
    // Every connection was told to close (or was idle when the server closed it) before it closed.
    for (const c of connections) expect(c.answers.at(-1)?.headers.connection ?? 'close', summary).toBe('close');
    expect(ready?.status, summary).toBe(503);
    expect(readyMs, summary).toBeLessThan(1_000);
    // Requests kept coming around the signal. (Whether one was also written after it depends on the
    // machine's timing: on a loaded one every connection may have been mid-request at the signal and
    // told to close; seen on PostgreSQL in CI. The summary says how many were.)
    expect(writtenAround.length, summary).toBeGreaterThan(0);
    expect(exitCode, `${summary}\n${server.stdout().slice(-3000)}`).toBe(0);
    // The request in flight was answered, with Connection: close, and its connection closed after it
    // (left open, the shutdown would have waited for the client to close it, up to SHUTDOWN_TIMEOUT_MS).
    expect(slowAnswer?.status, summary).toBe(201);
    expect(slowAnswer?.headers.connection, summary).toBe('close');
    expect(exitMs, summary).toBeLessThan(5_000);
  });
});

describe.each(testDialects())('SIGTERM with SHUTDOWN_DELAY_MS [%s]', (dialect) => {
  let drop: () => Promise<void>;
  let server: RunningServer;
  beforeAll(async () => {
    let env: Record<string, string>;
    ({ env, drop } = await freshDatabaseEnv(dialect));
    server = await startServer({ ...env, RATE_LIMITS: 'off', SHUTDOWN_DELAY_MS: '1000' });
  });
  afterAll(async () => {
    server.process.kill('SIGKILL');
    await drop();
  });

  it('answers /readyz 503 at once and serves new connections as usual for the delay, then exits 0', async () => {
    const key = /\n {2}(lct_prod_[0-9A-Za-z]{32,})\n/.exec(server.stdout())![1]!;
    const port = Number(new URL(server.url).port);
    /** One request on a connection of its own, opened now. */
    const ask = async (path: string, headers: Record<string, string> = {}) => {
      const connection = new Connection(port);
      await connection.ready;
      const answer = await connection.send(path, headers);
      connection.destroy();
      return answer;
    };
    expect((await ask('/readyz'))?.status).toBe(200);
    const signalAt = performance.now();
    server.process.kill('SIGTERM');
    let ready: Answer | undefined;
    do ready = await ask('/readyz');
    while (ready?.status === 200 && performance.now() - signalAt < 5_000);
    // A new connection after readiness failed: served, and not told to close (the delay is for the load balancer).
    const served = await ask('/api/v1/courses?per_page=1', { authorization: `Bearer ${key}` });
    const servedMs = performance.now() - signalAt;
    const exitCode = await server.exited;
    const exitMs = performance.now() - signalAt;
    const summary = JSON.stringify({ ready: ready?.status, retryAfter: ready?.headers['retry-after'], served: served?.status, connection: served?.headers.connection, servedMs, exitCode, exitMs });
    console.log(summary);
    expect(ready?.status, summary).toBe(503);
    expect(JSON.parse(ready!.body).error.code, summary).toBe('service_unavailable');
    expect(served?.status, summary).toBe(200);
    expect(served?.headers.connection, summary).not.toBe('close');
    expect(servedMs, summary).toBeLessThan(1_000);
    expect(exitCode, `${summary}\n${server.stdout().slice(-3000)}`).toBe(0);
    expect(exitMs, summary).toBeGreaterThanOrEqual(1_000);
    expect(exitMs, summary).toBeLessThan(5_000);
  });
});
