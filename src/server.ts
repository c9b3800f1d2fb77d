import { Server as NetServer, type Server, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type Database, migrateToLatest, openDatabase } from './db/database.js';
import { countAccounts } from './modules/accounts/accounts.repository.js';
import { createAccount } from './modules/accounts/accounts.service.js';
import { createKey } from './modules/api-keys/api-keys.service.js';
import { createUser, signInUrl } from './modules/users/users.service.js';
import { backgroundWork } from './background.js';
import { systemClock } from './shared/clock.js';
import { AppError } from './shared/errors.js';
import { inFlightResponse } from './shared/in-flight-responses.js';
import { runtimeTunings } from './runtime/tunings.js';

/**
 * The process logger: JSON lines on stdout; with RUNTIME_TUNING on, written asynchronously in
 * batches (src/runtime/log-destination.ts). Shutdown and process exit flush what is buffered.
 * Tests pass a destination that records the lines.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'runtimeTuning'>,
  destination: DestinationStream | undefined = runtimeTunings(config.runtimeTuning).logDestination(),
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: {
      // Headers are never logged; these paths guard against a future log line that includes them.
        paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'headers.authorization', 'headers["x-api-key"]', 'key', 'secret'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Opens the database, migrates, builds the app and listens; SIGTERM/SIGINT close it gracefully. */
export async function serve(config: Config): Promise<{ app: FastifyInstance; database: Database }> {
  runtimeTunings(config.runtimeTuning).startProcess();
  const database = await openMigrated(config);
  const logger = createLogger(config);
  const app = await buildApp({ config, database, logger, processMetrics: true });
  const demo = await createDemoAccountIfEmpty(database);
  // Runs after request-context's preClose (from then on answers carry Connection: close) and
  // before Fastify's server.close(), which would close idle keep-alive connections at once.
  const connections = trackConnections(app.server, config.tlsCertFile ? 'secureConnection' : 'connection');
  app.addHook('preClose', () => drainConnections(app.server, connections, Math.min(DRAIN_GRACE_MS, config.shutdownTimeoutMs / 4)));
  const leaving = config.shutdownDelayMs > 0 ? failReadinessWhenLeaving(app) : undefined;
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info({ address, database: database.dialect, location: database.location }, 'Lectern is listening');
  if (demo) printDemoKey(demo, address, config.publicUrl ?? address);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (leaving) {
      // Load balancers see /readyz fail and stop sending here; until they have, requests are served as usual.
      leaving.start();
      app.log.info({ signal, delay_ms: config.shutdownDelayMs }, 'shutting down: /readyz answers 503; serving as usual until SHUTDOWN_DELAY_MS has passed');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      await closeDatabase(database, logger);
      logger.info('stopped');
      logger.flush(() => process.exit(0));
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return { app, database };
}

/**
 * `lectern worker`: background jobs only (webhook deliveries), no HTTP. Run any number beside
 * servers started with WORKER=off; they share the job queue in the database.
 */
export async function work(config: Config): Promise<void> {
  runtimeTunings(config.runtimeTuning).startProcess();
  const database = await openMigrated(config);
  const logger = createLogger(config);
  const background = backgroundWork(database, { db: database, clock: systemClock }, config, logger);
  await background.start();
  logger.info({ database: database.dialect, location: database.location }, 'Lectern worker is running');
  const stop = async (signal: string) => {
    logger.info({ signal }, 'worker shutting down: finishing the jobs under way');
    const timer = setTimeout(() => process.exit(1), config.shutdownTimeoutMs);
    timer.unref();
    await background.stop();
    await closeDatabase(database, logger);
    logger.info('stopped');
    logger.flush(() => process.exit(0));
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/**
 * Closes the database at shutdown. A PostgreSQL that does not answer (hung, or the network path to
 * it gone) does not hold the stop up: its connections are dropped after a short wait (database.ts),
 * and the stop goes on to exit 0 as when nothing is amiss, with this warning.
 */
async function closeDatabase(database: Database, logger: Logger): Promise<void> {
  const { dropped } = await database.close();
  if (dropped > 0) logger.warn({ connections: dropped }, 'PostgreSQL did not answer on close; its connections were dropped');
}

/**
 * Applies the migrations, then opens the database the process works with. On PostgreSQL the
 * migrations run on a connection of their own without the statement limits of
 * DATABASE_QUERY_TIMEOUT_MS: building an index on a large table may take minutes.
 */
async function openMigrated(config: Config): Promise<Database> {
  const options = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (config.databaseUrl) {
    const migrating = openDatabase({ ...options, poolSize: 1, timeouts: { connectMs: config.databaseTimeouts.connectMs } });
    try {
      await migrateToLatest(migrating);
    } finally {
      await migrating.close();
    }
    return openDatabase({
      ...options,
      timeouts: config.databaseTimeouts,
      pipelineSize: config.databasePipelineConnections,
      holdWrites: runtimeTunings(config.runtimeTuning).holdWrites,
    });
  }
  const database = openDatabase(options);
  await migrateToLatest(database);
  return database;
}

/**
 * SHUTDOWN_DELAY_MS: from `start()` (SIGTERM), /readyz answers 503 `service_unavailable` as it does
 * once the app closes (health.routes.ts), while every other request is served as usual, keep-alive
 * included. Installed only with a delay: without one, the app closes at once and answers so itself.
 */
function failReadinessWhenLeaving(app: FastifyInstance): { start(): void } {
  let leaving = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (leaving && request.routeOptions.url === '/readyz') done(new AppError('service_unavailable', 'The process is shutting down', {}, { 'Retry-After': '1' }));
    else done();
  });
  return {
    start: () => {
      leaving = true;
    },
  };
}

/** How long, at most, a shutdown waits for clients to use their idle keep-alive connections once more. */
const DRAIN_GRACE_MS = 1_000;

/**
 * The server's open connections (one entry per connection, not per request; with TLS, the TLS
 * sockets HTTP runs on), each with the bytes it had read when it opened: one that has read none
 * since never sent a request.
 */
function trackConnections(server: Server, event: 'connection' | 'secureConnection'): Map<Socket, number> {
  const connections = new Map<Socket, number>();
  server.on(event, (socket: Socket) => {
    connections.set(socket, socket.bytesRead);
    socket.once('close', () => connections.delete(socket));
  });
  return connections;
}

/**
 * Stops accepting connections and gives the open ones a grace period to close on their own.
 * Closing an idle keep-alive connection at once (what http.Server.close() does) resets any
 * request the client has just written on it: the request is in the socket, unread, when the
 * socket closes, and the kernel answers it with a reset. Instead every request that arrives is
 * served with `Connection: close` (see request-context.ts), after which Node closes that
 * connection itself once the answer has been written; requests in flight answer with
 * `Connection: close` too (Node would otherwise keep their connections open after the answer,
 * and the shutdown would wait for the client to close them). Connections still idle when the
 * grace ends are closed by server.close(), as before, and in-flight requests are waited for.
 */
async function drainConnections(server: Server, connections: Map<Socket, number>, graceMs: number): Promise<void> {
  // net.Server's close stops accepting without touching the open connections (http.Server's
  // closes the idle ones first). Fastify's server.close() afterwards finds the server closed.
  NetServer.prototype.close.call(server);
  for (const socket of connections.keys()) closeAfterResponse(socket, false);
  const deadline = Date.now() + graceMs;
  while (connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  for (const [socket, openingBytes] of connections) {
    // A connection that never sent a request is not idle to Node (its first request's headers
    // timeout runs from the start), so server.close() would wait for it: it is closed with the idle ones.
    if (socket.bytesRead === openingBytes) socket.destroy();
    // Answers still under way whose headers had already left without Connection: close: their
    // connections are closed once they are written, as idle ones are now.
    else closeAfterResponse(socket, true);
  }
}


/**
 * Makes the connection close after the answer in progress on it (in-flight-responses.ts). Before the headers leave, the
 * answer gets `Connection: close`, and Node ends the connection once it is written. An answer
 * whose headers promised keep-alive (or that is written but not yet sent: write coalescing holds
 * it to the end of the turn) is left alone during the grace, since the client may reuse its
 * connection at once and be answered with `Connection: close` there; after the grace
 * (`evenKeepAlive`) its connection is ended once it is sent.
 */
function closeAfterResponse(socket: Socket, evenKeepAlive: boolean): void {
  const response = inFlightResponse(socket);
  if (!response) return;
  if (!response.headersSent) response.setHeader('connection', 'close');
  else if (evenKeepAlive) response.once('finish', () => socket.end());
}

/** On a database without accounts, a demo account with one production key, shown once. */
async function createDemoAccountIfEmpty(database: Database): Promise<DemoAccount | undefined> {
  const ctx = { db: database, clock: systemClock };
  if ((await countAccounts(database)) > 0) return undefined;
  const account = await createAccount(ctx, { name: 'Demo School', plan: 'professional' });
  const { key } = await createKey(ctx, { accountId: account.id, environment: 'production', name: 'Demo key' });
  const { signInToken } = await createUser(ctx, { accountId: account.id, email: 'owner@demo.example', role: 'owner' });
  return { accountId: account.id, key, signInToken };
}

interface DemoAccount {
  accountId: string;
  key: string;
  /** The one-time console sign-in link's token of the demo account's owner. */
  signInToken: string;
}

/** `publicUrl`: where people open Lectern (PUBLIC_URL, else the address it listens on), for the sign-in link. */
function printDemoKey({ accountId, key, signInToken }: DemoAccount, address: string, publicUrl: string): void {
  // Straight to the terminal, not through the logger: logs never carry secrets.
  process.stdout.write(
    [
      '',
      'Lectern created a demo account (plan professional) with one production API key.',
      '',
      `  Account: ${accountId}`,
      '',
      'The key is shown this once; keep it somewhere safe:',
      '',
      `  ${key}`,
      '',
      'Try it:',
      `  curl -H "Authorization: Bearer ${key}" ${address}/api/v1/courses`,
      '',
      'Open the console (API keys, webhooks, usage, request log) as the account\'s owner, owner@demo.example,',
      'with this one-time sign-in link (valid 24 hours):',
      '',
      `  ${signInUrl(publicUrl, signInToken)}`,
      '',
      'Manage the account and its keys with the CLI:',
      `  npx lectern key list --account ${accountId}`,
      `  npx lectern key create --account ${accountId} --env development --name "My laptop"`,
      `  npx lectern user create --account ${accountId} --email you@example.com --role developer`,
      '  npx lectern user link --email owner@demo.example   (a new one-time link)',
      '',
      '',
    ].join('\n'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  serve(loadConfig()).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
