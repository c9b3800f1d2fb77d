// Baseline 2: the floor of our work. Minimal Fastify 5 + better-sqlite3 app that reads the
// same SQLite file as Lectern, checks a bearer token and serves one course row by id.
// Env: FLOOR_DB (path to lectern.db), FLOOR_TOKEN (the API key), PORT, HOST.
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const dbPath = process.env.FLOOR_DB;
const token = process.env.FLOOR_TOKEN;
if (!dbPath || !token) {
  console.error('floor: FLOOR_DB and FLOOR_TOKEN must be set');
  process.exit(2);
}

const db = new Database(dbPath, { fileMustExist: true });
db.pragma('journal_mode = WAL');
const selectCourse = db.prepare<[string]>(
  'SELECT id, title, description, published, enrollment_count, metadata, created_at, updated_at FROM courses WHERE id = ?',
);
const expectedAuthorization = `Bearer ${token}`;

const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/courses/:id', async (request, reply) => {
  if (request.headers.authorization !== expectedAuthorization) {
    return reply.code(401).send({ error: { code: 'unauthorized' } });
  }
  const row = selectCourse.get(request.params.id);
  if (row === undefined) {
    return reply.code(404).send({ error: { code: 'not_found' } });
  }
  return { data: row };
});

await app.listen({ port: Number(process.env.PORT ?? 3002), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => {
      db.close();
      process.exit(0);
    });
  });
}
