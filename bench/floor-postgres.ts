// Baseline 3: the floor of our work on PostgreSQL. Minimal Fastify 5 + pg app on the same database
// as Lectern's PostgreSQL rows: a pool of 10 connections (the size of Lectern's pool), one
// course row by id through a named statement (parsed once per connection, as Lectern's hot reads
// are), and the bearer token checked in memory (no key lookup: the floor of a server that spends
// nothing on authentication). Lectern's reads by id share pipelined connections instead
// (src/db/postgres-pipeline.ts); this floor stays what Fastify + pg do by default. Env:
// FLOOR_DATABASE_URL, FLOOR_TOKEN, PORT, HOST.
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.FLOOR_DATABASE_URL;
const token = process.env.FLOOR_TOKEN;
if (!url || !token) {
  console.error('floor-postgres: FLOOR_DATABASE_URL and FLOOR_TOKEN must be set');
  process.exit(2);
}

const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', () => {});
const selectCourse = 'SELECT id, title, description, published, enrollment_count, metadata, created_at, updated_at FROM courses WHERE id = $1';
const expectedAuthorization = `Bearer ${token}`;

const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/courses/:id', async (request, reply) => {
  if (request.headers.authorization !== expectedAuthorization) {
    return reply.code(401).send({ error: { code: 'unauthorized' } });
  }
  const { rows } = await pool.query({ name: 'floor_course_by_id', text: selectCourse, values: [request.params.id] });
  if (rows.length === 0) {
    return reply.code(404).send({ error: { code: 'not_found' } });
  }
  return { data: rows[0] };
});

await app.listen({ port: Number(process.env.PORT ?? 3003), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => pool.end().finally(() => process.exit(0)));
  });
}
