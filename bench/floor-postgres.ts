// Baseline 3: the floor of our work on PostgreSQL. Minimal Fastify 5 + pg app on the same database
// as Lectern's PostgreSQL rows: a pool of 10 connections (the size of Lectern's pool) and the bearer
// token checked in memory (no key lookup: the floor of a server that spends nothing on
// authentication). Its routes are those of floor.ts:
// - GET /courses/:id: one course row by id through a named statement (parsed once per connection,
//   as Lectern's hot reads are; Lectern's reads by id share pipelined connections instead,
//   src/db/postgres-pipeline.ts, while this floor stays what Fastify + pg do by default);
// - GET /courses?page=&per_page=: the workspace's newest courses as objects, with page pagination
//   (the total read from row_counts, as Lectern reads it);
// - POST /courses: the course row, its course.created event and the Idempotency-Key's record with
//   the stored answer, in one transaction on one pooled connection.
// Env: FLOOR_DATABASE_URL, FLOOR_TOKEN, PORT, HOST.
import { createHash, randomBytes } from 'node:crypto';
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
const columns = 'id, title, description, published, enrollment_count, metadata, created_at, updated_at';
const selectCourse = `SELECT ${columns} FROM courses WHERE id = $1`;
const expectedAuthorization = `Bearer ${token}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
// The key's workspace, read once: the rows listed and written are that workspace's, as Lectern's are.
const workspaceId = (
  await pool.query<{ workspace_id: string }>('SELECT k.workspace_id FROM api_key_secrets s JOIN api_keys k ON k.id = s.key_id WHERE s.hash = $1', [sha256(token)])
).rows[0]!.workspace_id;

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

app.get<{ Querystring: { page?: string; per_page?: string } }>('/courses', async (request, reply) => {
  if (request.headers.authorization !== expectedAuthorization) {
    return reply.code(401).send({ error: { code: 'unauthorized' } });
  }
  const page = Number(request.query.page ?? 1);
  const perPage = Number(request.query.per_page ?? 20);
  const [list, count] = await Promise.all([
    pool.query({
      name: 'floor_course_page',
      text: `SELECT ${columns} FROM courses WHERE workspace_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      values: [workspaceId, perPage, (page - 1) * perPage],
    }),
    pool.query<{ count: string }>({ name: 'floor_course_count', text: "SELECT count FROM row_counts WHERE workspace_id = $1 AND resource = 'courses'", values: [workspaceId] }),
  ]);
  return { data: list.rows, pagination: { page, per_page: perPage, total: Number(count.rows[0]?.count ?? 0) } };
});

app.post<{ Body: { title: string; description?: string } }>('/courses', async (request, reply) => {
  if (request.headers.authorization !== expectedAuthorization) {
    return reply.code(401).send({ error: { code: 'unauthorized' } });
  }
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return reply.code(400).send({ error: { code: 'idempotency_key_required' } });
  const now = new Date().toISOString();
  const course = {
    id: `crs_${randomBytes(13).toString('hex').slice(0, 26)}`,
    title: request.body.title,
    description: request.body.description ?? '',
    published: false,
    enrollment_count: 0,
    metadata: {},
    created_at: now,
    updated_at: now,
  };
  const answer = JSON.stringify({ data: course });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'INSERT INTO courses (id, workspace_id, title, description, published, enrollment_count, metadata, version, created_at, updated_at) VALUES ($1, $2, $3, $4, 0, 0, $5, 1, $6, $6)',
      [course.id, workspaceId, course.title, course.description, '{}', now],
    );
    await client.query("INSERT INTO events (id, workspace_id, type, data, created_at) VALUES ($1, $2, 'course.created', $3, $4)", [
      `evt_${randomBytes(13).toString('hex')}`,
      workspaceId,
      JSON.stringify(course),
      now,
    ]);
    await client.query(
      "INSERT INTO idempotency_keys (workspace_id, key, request_hash, state, response_status, response_body, locked_until, created_at) VALUES ($1, $2, $3, 'done', 201, $4, $5, $5)",
      [workspaceId, key, sha256(`POST /courses ${JSON.stringify(request.body)}`), answer, now],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  reply.code(201).header('content-type', 'application/json; charset=utf-8');
  return answer;
});

await app.listen({ port: Number(process.env.PORT ?? 3003), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => pool.end().finally(() => process.exit(0)));
  });
}
