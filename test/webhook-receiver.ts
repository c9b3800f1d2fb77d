import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  id: string;
  type: string;
  /** The parsed body: {id, type, created_at, data: {object}}. */
  body: any;
  raw: string;
  headers: Record<string, string>;
}

/**
 * A real HTTP receiver on a local port, as an integrator would run one: it verifies every
 * delivery with the public `standardwebhooks` package (a delivery that does not verify is
 * counted in `unverified`, never in `deliveries`) and answers what `answer` says.
 */
export class WebhookReceiver {
  readonly deliveries: ReceivedDelivery[] = [];
  readonly unverified: { raw: string; headers: Record<string, string>; error: string }[] = [];
  /** Every request that reached the receiver, verified or not. */
  requests = 0;
  /** Status to answer the n-th request (1-based); 200 by default. */
  answer: (n: number) => number = () => 200;
  private secrets: string[] = [];
  private server: http.Server | undefined;
  url = '';

  /** Secrets a delivery may be signed with (any one verifying is enough). */
  trust(...secrets: string[]): void {
    this.secrets = secrets;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests++;
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const errors: string[] = [];
        const verified = this.secrets.some((secret) => {
          try {
            new Webhook(secret).verify(raw, headers);
            return true;
          } catch (error) {
            errors.push(String(error));
            return false;
          }
        });
        if (verified) {
          const body = JSON.parse(raw);
          this.deliveries.push({ id: headers['webhook-id']!, type: body.type, body, raw, headers });
        } else {
          this.unverified.push({ raw, headers, error: errors.join('; ') || 'no secret trusted' });
        }
        const status = this.answer(this.requests);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `failed with ${status}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  /** Waits until `predicate` holds on the deliveries so far (polling), or fails after `timeoutMs`. */
  async waitFor(predicate: (deliveries: ReceivedDelivery[]) => boolean, timeoutMs = 10_000, what = 'deliveries'): Promise<ReceivedDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.deliveries)) {
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.deliveries.map((d) => d.type))}, unverified ${this.unverified.length}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.deliveries;
  }

  ofType(type: string): ReceivedDelivery[] {
    return this.deliveries.filter((d) => d.type === type);
  }

  reset(): void {
    this.deliveries.length = 0;
    this.unverified.length = 0;
    this.requests = 0;
    this.answer = () => 200;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/**
 * A receiver that accepts connections and never answers (until `answering`: then 204 to every
 * request), as a broken integrator's server does. Counts the connections and the most open at once
 * from the sender's side: a connection counts as open until it closes, or until the sender's timeout
 * (`senderTimeoutMs`, which started before the connection arrived) has certainly passed, since the
 * close of a connection the sender gave up on can reach this end after the sender's next connection.
 */
export class HangingReceiver {
  answering = false;
  connections = 0;
  maxOpen = 0;
  url = '';
  private readonly sockets = new Map<net.Socket, number>();
  private readonly server = net.createServer((socket) => {
    const now = performance.now();
    this.connections++;
    this.sockets.set(socket, now);
    const open = [...this.sockets.values()].filter((acceptedAt) => acceptedAt > now - (this.senderTimeoutMs - 20)).length;
    this.maxOpen = Math.max(this.maxOpen, open);
    socket.on('error', () => {});
    socket.on('data', () => {
      if (this.answering) socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
    });
    socket.on('close', () => this.sockets.delete(socket));
  });

  constructor(private readonly senderTimeoutMs: number) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets.keys()) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
