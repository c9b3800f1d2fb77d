import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where `npm run build:console` (part of `prepare`) writes the console: dist/console at the package root, from src/ or dist/ alike. */
export const CONSOLE_DIR = path.resolve(fileURLToPath(import.meta.url), '../../../../dist/console');

/**
 * The console's pages under /console: the built front-end, with a Content-Security-Policy that
 * allows only its own scripts (an injected script has nowhere to run) and no framing (clickjacking).
 */
export async function consoleStatic(app: FastifyInstance, { root = CONSOLE_DIR }: { root?: string } = {}) {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/console') || request.url.startsWith('/console/api/')) return;
    reply.header(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    );
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
  });
  app.get('/console', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/console/'));
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.get('/console/', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('The console is not built: run `npm run build:console` (npm install runs it).'),
    );
    return;
  }
  await app.register(fastifyStatic, { root, prefix: '/console/', decorateReply: false, index: ['index.html'], schemaHide: true });
  // Browsers ask for /favicon.ico wherever a page names no icon (an API answer or the docs opened
  // in a tab); the console's pages name theirs (/console/favicon.svg). The same icon answers both,
  // itself rather than a redirect: no second request, and no permanent redirect cached for good.
  const icon = path.join(root, 'favicon.svg');
  if (fs.existsSync(icon)) {
    const svg = fs.readFileSync(icon);
    app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg),
    );
  }
}
