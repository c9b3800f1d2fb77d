import type { Command } from 'commander';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { buildMcpServer } from '../modules/mcp/mcp-server.js';
import { RateLimiter } from '../modules/rate-limits/rate-limiter.js';
import { authenticateKey, spendRequest } from '../plugins/auth.js';
import { systemClock } from '../shared/clock.js';
import type { ServiceContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import type { CliIo } from './output.js';

/**
 * `lectern mcp`: the MCP server over stdio, on this installation's database, as the key in
 * LECTERN_API_KEY (authenticated as over REST; no valid key, no start). stdout carries the protocol
 * and nothing else: logs go to stderr.
 */
export function addMcpCommand(program: Command, io: CliIo): void {
  program
    .command('mcp')
    .description('serve the MCP tools over stdio (for Claude Desktop, Claude Code, Cursor…) as the key in LECTERN_API_KEY')
    .action(async () => {
      const env = io.env ?? process.env;
      const secret = env.LECTERN_API_KEY?.trim();
      if (!secret) throw new ConfigError('LECTERN_API_KEY must hold a Lectern API key (lct_…) for `lectern mcp`');
      const config = loadConfig(env);
      const log = pino({ level: config.logLevel, name: 'lectern-mcp' }, pino.destination(2));
      const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
      const ctx: ServiceContext = { db: database, clock: systemClock };
      const limiter = config.rateLimits
        ? new RateLimiter({ redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, redisTimeoutMs: config.redisTimeoutMs, mode: config.rateLimitMode, clock: systemClock, log, tunings: { holdWrites: () => {} } })
        : undefined;
      try {
        await migrateToLatest(database);
        const auth = await authenticateKey(ctx, secret);
        await limiter?.connect(2_000);
        const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
        const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
        await new Promise<void>((resolve) => {
          const handle = serveStdio(
            () => buildMcpServer({ ctx, auth, spend: (who, group) => spendRequest(ctx, limiter, who, group), requestId: () => newId('req'), baseUrl }),
            { onerror: (err) => log.warn({ err }, 'MCP stdio error') },
          );
          process.stdin.once('close', () => void handle.close().then(resolve, resolve));
          process.stdin.once('end', () => void handle.close().then(resolve, resolve));
        });
      } finally {
        await limiter?.close();
        await database.close();
      }
    });
}
