import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWrites } from '../../src/runtime/write-coalescing.js';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(handler: http.RequestListener, coalesce = true): Promise<number> {
  const server = http.createServer({ keepAlive: true }, handler);
  if (coalesce) coalesceWrites(server, 'connection');
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** Sends raw bytes on one connection and collects what comes back until `done` says so. */
function exchange(port: number, request: string, done: (received: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      received += data;
      if (done(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
const bodiesOf = (raw: string) => [...raw.matchAll(/\r\n\r\n([^]*?)(?=HTTP\/1\.1 |$)/g)].map((m) => m[1]);

describe('write coalescing', () => {
  it('keeps a response in its socket until the event-loop turn ends, then sends it', async () => {
    const seen: { pendingAfterEnd: number; pendingNextTurn: number }[] = [];
    const port = await listen((_req, res) => {
      res.end('hello');
      const socket = res.socket!;
      const pendingAfterEnd = socket.writableLength;
      setImmediate(() => setImmediate(() => seen.push({ pendingAfterEnd, pendingNextTurn: socket.writableLength })));
    });
    const raw = await exchange(port, get('/'), (r) => r.endsWith('hello'));
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.pendingAfterEnd).toBeGreaterThan(0);
    expect(seen[0]!.pendingNextTurn).toBe(0);
  });

  it('without it, Node writes at once (what the first test tells apart)', async () => {
    let pendingAfterEnd = -1;
    const port = await listen((_req, res) => {
      res.end('hello');
      pendingAfterEnd = res.socket!.writableLength;
    }, false);
    await exchange(port, get('/'), (r) => r.endsWith('hello'));
    expect(pendingAfterEnd).toBe(0);
  });

  it('answers pipelined requests on many connections each in order, with their own bodies', async () => {
    const port = await listen((req, res) => {
      // Some answers wait a turn or two, so that writes of several turns interleave.
      const delay = Number(req.url!.split('/')[2]) % 3;
      const answer = () => res.end(req.url);
      if (delay === 0) answer();
      else if (delay === 1) setImmediate(answer);
      else setTimeout(answer, 1);
    });
    const connections = Array.from({ length: 6 }, (_, c) => {
      const paths = Array.from({ length: 25 }, (_, i) => `/${c}/${i}`);
      return exchange(port, paths.map(get).join(''), (r) => r.endsWith(`/${c}/24`)).then((raw) => ({ paths, raw }));
    });
    for (const { paths, raw } of await Promise.all(connections)) expect(bodiesOf(raw)).toEqual(paths);
  });

  it('streams a large body intact', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'abcdefgh');
    const port = await listen((_req, res) => {
      res.writeHead(200, { 'content-length': String(chunk.length * 80) });
      let sent = 0;
      const more = () => {
        while (sent < 80) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const body = await new Promise<Buffer>((resolve, reject) => {
      http.get({ port, host: '127.0.0.1', path: '/' }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve(Buffer.concat(parts)));
      }).on('error', reject);
    });
    expect(body.length).toBe(chunk.length * 80);
    expect(body.equals(Buffer.concat(Array.from({ length: 80 }, () => chunk)))).toBe(true);
  });

  it('goes on serving when a client is gone before its response is written', async () => {
    let answered = 0;
    let arrived!: () => void;
    let writtenLate!: () => void;
    const goneArrived = new Promise<void>((resolve) => (arrived = resolve));
    const goneWritten = new Promise<void>((resolve) => (writtenLate = resolve));
    const port = await listen((req, res) => {
      if (req.url === '/gone') {
        // The client resets the connection; the response is written into a closed socket.
        req.socket.once('close', () => {
          res.end('too late');
          writtenLate();
        });
        arrived();
        return;
      }
      answered++;
      res.end('ok');
    });
    const socket = net.connect(port, '127.0.0.1', () => socket.write(get('/gone')));
    await goneArrived;
    socket.resetAndDestroy();
    // Once the late answer has been written into the closed socket, the server still serves.
    await goneWritten;
    await new Promise((resolve) => setImmediate(resolve));
    const raw = await exchange(port, get('/after'), (r) => r.endsWith('ok'));
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answered).toBe(1);
  });
});
