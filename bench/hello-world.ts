// Baseline 1: bare Fastify 5, the ceiling of what a Fastify app can answer on this machine.
// Env: PORT, HOST.
import Fastify from 'fastify';

const app = Fastify({ logger: false });

app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
