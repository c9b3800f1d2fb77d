// Baseline 2: the floor of our work. Minimal Fastify 5 + better-sqlite3 app on the same SQLite file
// as Lectern, with Lectern's connection settings for writes (WAL, synchronous NORMAL, foreign keys),
// checking a bearer token in memory. Three routes, each what the matching Lectern row must at least do:
// - GET /courses/:id: one course row by id with a prepared statement;
// - GET /courses?page=&per_page=: the workspace's newest courses as objects, with page pagination
//   (the total read from row_counts, as Lectern reads it);
// - POST /courses: the course row, its course.created event and the Idempotency-Key's record with
//   the stored answer, in one transaction (the schema's triggers run as they do for Lectern).
// Env: FLOOR_DB (path to lectern.db), FLOOR_TOKEN (the API key), PORT, HOST.
import { createHash, randomBytes } from 'node:crypto';
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
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const columns = 'id, title, description, published, enrollment_count, metadata, created_at, updated_at';
const selectCourse = db.prepare<[string]>(`SELECT ${columns} FROM courses WHERE id = ?`);
const expectedAuthorization = `Bearer ${token}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
// The key's workspace, read once: the rows listed and written are that workspace's, as Lectern's are.
const workspaceId = db
  .prepare<[string]>('SELECT k.workspace_id FROM api_key_secrets s JOIN api_keys k ON k.id = s.key_id WHERE s.hash = ?')
  .pluck()
  .get(sha256(token)) as string;
const listCourses = db.prepare<[string, number, number]>(`SELECT ${columns} FROM courses WHERE workspace_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`);
const countCourses = db.prepare<[string]>("SELECT count FROM row_counts WHERE workspace_id = ? AND resource = 'courses'").pluck();
const insertCourse = db.prepare(
  'INSERT INTO courses (id, workspace_id, title, description, published, enrollment_count, metadata, version, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, ?, 1, ?, ?)',
);
const insertEvent = db.prepare("INSERT INTO events (id, workspace_id, type, data, created_at) VALUES (?, ?, 'course.created', ?, ?)");
const insertIdempotency = db.prepare(
  "INSERT INTO idempotency_keys (workspace_id, key, request_hash, state, response_status, response_body, locked_until, created_at) VALUES (?, ?, ?, 'done', 201, ?, ?, ?)",
);

interface Course {
  id: string;
  title: string;
  description: string;
  published: boolean;
  enrollment_count: number;
  metadata: Record<string, string>;
  created_at: string;
  updated_at: string;
}

const create = db.transaction((course: Course, key: string, requestHash: string, answer: string) => {
  insertCourse.run(course.id, workspaceId, course.title, course.description, '{}', course.created_at, course.updated_at);
  insertEvent.run(`evt_${randomBytes(13).toString('hex')}`, workspaceId, JSON.stringify(course), course.created_at);
  insertIdempotency.run(workspaceId, key, requestHash, answer, course.created_at, course.created_at);
});

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

app.get<{ Querystring: { page?: string; per_page?: string } }>('/courses', async (request, reply) => {
  if (request.headers.authorization !== expectedAuthorization) {
    return reply.code(401).send({ error: { code: 'unauthorized' } });
  }
  const page = Number(request.query.page ?? 1);
  const perPage = Number(request.query.per_page ?? 20);
  const data = listCourses.all(workspaceId, perPage, (page - 1) * perPage);
  return { data, pagination: { page, per_page: perPage, total: Number(countCourses.get(workspaceId) ?? 0) } };
});

app.post<{ Body: { title: string; description?: string } }>('/courses', async (request, reply) => {
  if (request.headers.authorization !== expectedAuthorization) {
    return reply.code(401).send({ error: { code: 'unauthorized' } });
  }
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return reply.code(400).send({ error: { code: 'idempotency_key_required' } });
  const now = new Date().toISOString();
  const course: Course = {
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
  create(course, key, sha256(`POST /courses ${JSON.stringify(request.body)}`), answer);
  reply.code(201).header('content-type', 'application/json; charset=utf-8');
  return answer;
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
