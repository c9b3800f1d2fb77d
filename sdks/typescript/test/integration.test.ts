// Against a real Lectern (embedded default: SQLite in a temporary folder) started by the shared
// harness, sdks/harness/start-lectern.mjs, from the built service in the repository's dist/.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { Lectern, NotFoundError, RateLimitError, ValidationError, WebhookVerificationError, type LecternOptions } from '../src/index.js';

interface Harness {
  base_url: string;
  key: string;
  limited_key: string;
}

let harness: ChildProcessWithoutNullStreams;
let server: Harness;
let lectern: Lectern;
const run = Date.now().toString(36);

before(async () => {
  harness = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../harness/start-lectern.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  harness.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: harness.stdout });
  const first = await Promise.race([
    once(lines, 'line') as Promise<[string]>,
    once(harness, 'exit').then(() => {
      throw new Error(`the harness exited before announcing the server:\n${stderr}`);
    }),
  ]);
  server = JSON.parse(first[0]) as Harness;
  lectern = new Lectern({ apiKey: server.key, baseUrl: server.base_url });
});

after(async () => {
  if (harness.exitCode !== null) return;
  const exited = once(harness, 'exit');
  harness.stdin.end();
  await exited;
});

/** A client that counts its attempts and the waits between them (really waiting). */
function countingClient(options: LecternOptions) {
  const statuses: number[] = [];
  const retryAfters: Array<string | null> = [];
  const sleeps: number[] = [];
  const client = new Lectern({
    baseUrl: server.base_url,
    ...options,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      retryAfters.push(response.headers.get('retry-after'));
      return response;
    },
    sleep: async (milliseconds) => {
      sleeps.push(milliseconds / 1000);
      await new Promise((resolve) => setTimeout(resolve, milliseconds));
    },
  });
  return { client, statuses, retryAfters, sleeps };
}

describe('courses', () => {
  it('create, read, update with If-Match, list, publish, delete; a 404 is a NotFoundError with a request id', async () => {
    const created = await lectern.courses.create({ title: `Statistics ${run}`, description: 'Descriptive statistics', metadata: { level: 'beginner' } });
    assert.match(created.id, /^crs_/);
    assert.equal(created.published, false);
    assert.deepEqual(created.metadata, { level: 'beginner' });

    let etag: string | null = null;
    const read = await lectern.courses.get(created.id, { onResponse: (response) => (etag = response.headers.get('etag')) });
    assert.deepEqual(read, created);
    assert.ok(etag);

    const updated = await lectern.courses.update(created.id, { title: `Statistics II ${run}` }, { headers: { 'If-Match': etag } });
    assert.equal(updated.title, `Statistics II ${run}`);
    await assert.rejects(lectern.courses.update(created.id, { title: 'stale' }, { headers: { 'If-Match': etag } }), (error: unknown) => {
      assert.ok(error instanceof Error && 'status' in error && error.status === 412);
      return true;
    });

    const published = await lectern.courses.publish(created.id);
    assert.equal(published.published, true);
    const ids: string[] = [];
    for await (const course of lectern.courses.list({ published: true, per_page: 100 })) ids.push(course.id);
    assert.ok(ids.includes(created.id));
    const page = await lectern.courses.listPage({ page: 1, per_page: 1 });
    assert.equal(page.data.length, 1);
    assert.ok('total' in page.pagination, 'page mode has totals');
    assert.ok(page.pagination.total >= 1);

    assert.deepEqual(await lectern.courses.delete(created.id), { id: created.id, deleted: true });
    const missing = await lectern.courses.get(created.id).then(
      () => assert.fail('the deleted course is still there'),
      (error: unknown) => error,
    );
    assert.ok(missing instanceof NotFoundError);
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 'resource_not_found');
    assert.match(missing.requestId ?? '', /^req_/);
    assert.match(missing.message, new RegExp(created.id));
  });
});

describe('modules and lessons', () => {
  it('CRUD on a module and a quiz lesson with its questions', async () => {
    const course = await lectern.courses.create({ title: `Curriculum ${run}` });
    const module = await lectern.modules.create(course.id, { title: 'Week 1' });
    assert.match(module.id, /^mod_/);
    assert.equal(module.course_id, course.id);
    assert.equal((await lectern.modules.get(module.id)).title, 'Week 1');
    assert.equal((await lectern.modules.update(module.id, { title: 'Week one' })).title, 'Week one');
    const modules = await lectern.modules.list(course.id).toArray();
    assert.deepEqual(modules.map((m) => m.id), [module.id]);

    const lesson = await lectern.lessons.create(module.id, {
      title: 'Check your understanding',
      type: 'quiz',
      content: 'Answer both questions.',
      quiz: {
        passing_score: 50,
        questions: [
          { prompt: 'Which is a measure of spread?', kind: 'single_choice', choices: ['Mean', 'Variance', 'Mode'], answer: 1 },
          { prompt: 'The median is robust to outliers.', kind: 'true_false', answer: true },
        ],
      },
    });
    assert.match(lesson.id, /^les_/);
    assert.ok(lesson.type === 'quiz', `a ${lesson.type} lesson`);
    assert.equal(lesson.quiz.questions.length, 2);
    assert.ok(lesson.quiz.questions.every((question) => /^qst_/.test(question.id)));

    const read = await lectern.lessons.get(lesson.id);
    assert.ok(read.type === 'quiz');
    assert.equal(read.quiz.passing_score, 50);
    const first = read.quiz.questions[0];
    assert.ok(first?.kind === 'single_choice');
    assert.equal(first.answer, 1, 'a key with courses:write sees the answers');
    const renamed = await lectern.lessons.update(lesson.id, { title: 'Quiz 1' });
    assert.equal(renamed.title, 'Quiz 1');
    assert.deepEqual((await lectern.lessons.list(module.id).toArray()).map((l) => l.id), [lesson.id]);

    assert.deepEqual(await lectern.lessons.delete(lesson.id), { id: lesson.id, deleted: true });
    assert.deepEqual(await lectern.modules.delete(module.id), { id: module.id, deleted: true });
    await assert.rejects(lectern.lessons.get(lesson.id), NotFoundError);
    await lectern.courses.delete(course.id);
  });
});

describe('students', () => {
  it('250 students by bulk calls, read back by auto-pagination: 250, no duplicates', async () => {
    // The API takes at most 100 records per POST /students/bulk, so 250 students take three calls:
    // 100 + 100 + 50.
    const emails = Array.from({ length: 250 }, (_, i) => `bulk-${run}-${i}@example.com`);
    for (const batch of [emails.slice(0, 100), emails.slice(100, 200), emails.slice(200)]) {
      let status = 0;
      const answer = await lectern.students.bulkCreate(
        { records: batch.map((email, i) => ({ email, name: `Student ${i}` })) },
        { onResponse: (response) => (status = response.status) },
      );
      assert.equal(status, 201, JSON.stringify(answer.data.find((result) => result.status !== 'created')));
      assert.equal(answer.data.length, batch.length);
      assert.ok(answer.data.every((result) => result.status === 'created' && /^stu_/.test(result.data?.id ?? '')));
    }

    let pages = 0;
    const seen: string[] = [];
    for await (const student of lectern.students.list({ per_page: 100 }, { onResponse: () => pages++ })) {
      if (student.email.startsWith(`bulk-${run}-`)) seen.push(student.id);
    }
    assert.equal(seen.length, 250);
    assert.equal(new Set(seen).size, 250, 'no student twice');
    assert.ok(pages >= 3, `${pages} pages of 100`);
  });
});

describe('rate limits', () => {
  it('a 429 with Retry-After is waited for and retried; one asking more than maxRetryAfter is thrown at once', { timeout: 120_000 }, async () => {
    // The limited key has a burst of 3 requests a minute (a token back every 20 s): quick requests
    // beyond it are refused with Retry-After. The impatient client (maxRetryAfter 5 s) throws the
    // first 429 that asks more than 5 s; a slow machine may see a token come back in between, so
    // both steps go on until they meet the refusal they need, a few requests at most.
    const impatient = countingClient({ apiKey: server.limited_key, maxRetryAfter: 5 });
    let refused: RateLimitError | undefined;
    for (let i = 0; i < 10 && refused === undefined; i++) {
      await impatient.client.courses.listPage({ per_page: 1 }).catch((error: unknown) => {
        if (!(error instanceof RateLimitError)) throw error;
        refused = error;
      });
    }
    assert.ok(refused, `no 429 in ${impatient.statuses.length} requests: ${impatient.statuses.join(', ')}`);
    assert.equal(refused.code, 'rate_limit_exceeded');
    assert.ok((refused.retryAfter ?? 0) > 5, `retry after ${refused.retryAfter}`);
    assert.match(refused.requestId ?? '', /^req_/);
    assert.equal(impatient.statuses.at(-1), 429);
    assert.ok(impatient.sleeps.every((s) => s <= 5), 'no wait over maxRetryAfter was made');

    const waiting = countingClient({ apiKey: server.limited_key });
    for (let i = 0; i < 3 && !waiting.statuses.includes(429); i++) {
      const page = await waiting.client.courses.listPage({ per_page: 1 });
      assert.ok(Array.isArray(page.data));
    }
    const refusal = waiting.statuses.indexOf(429);
    assert.ok(refusal >= 0, `never refused: ${waiting.statuses.join(', ')}`);
    assert.deepEqual(waiting.statuses.slice(refusal), [429, 200], 'the refused request was retried once and succeeded');
    assert.deepEqual(waiting.sleeps, [Number(waiting.retryAfters[refusal])], 'it waited what Retry-After said');
  });
});

describe('idempotency', () => {
  it('the same Idempotency-Key replays the first answer; with another body it is a 422', async () => {
    const key = `replay-${run}`;
    const replayed: Array<string | null> = [];
    const options = { idempotencyKey: key, onResponse: (r: { headers: Headers }) => replayed.push(r.headers.get('idempotent-replayed')) };
    const first = await lectern.courses.create({ title: `Replayed ${run}` }, options);
    const second = await lectern.courses.create({ title: `Replayed ${run}` }, options);
    assert.equal(second.id, first.id);
    assert.deepEqual(second, first);
    assert.deepEqual(replayed, [null, 'true']);

    const reused = await lectern.courses.create({ title: `Another ${run}` }, { idempotencyKey: key }).then(
      () => assert.fail('a reused key was accepted with another body'),
      (error: unknown) => error,
    );
    assert.ok(reused instanceof ValidationError);
    assert.equal(reused.status, 422);
    assert.equal(reused.code, 'idempotency_key_reused');
    assert.match(reused.requestId ?? '', /^req_/);
    await lectern.courses.delete(first.id);
  });
});

describe('webhooks', () => {
  it('a live delivery to a local receiver verifies with the endpoint secret', { timeout: 60_000 }, async () => {
    const deliveries: Array<{ body: Buffer; headers: http.IncomingHttpHeaders }> = [];
    let notify: () => void = () => undefined;
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        deliveries.push({ body: Buffer.concat(chunks), headers: request.headers });
        response.writeHead(204).end();
        notify();
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const { port } = receiver.address() as AddressInfo;
    try {
      const endpoint = await lectern.webhooks.createEndpoint({ url: `http://127.0.0.1:${port}/lectern`, events: ['course.created'], description: 'SDK test' });
      assert.match(endpoint.id, /^whe_/);
      const secret = endpoint.secret; // shown on creation (absent only from an idempotent replay)
      assert.ok(secret !== undefined, 'a new endpoint answers its secret');
      assert.match(secret, /^whsec_/);

      const course = await lectern.courses.create({ title: `Webhooked ${run}` });
      const deadline = Date.now() + 30_000;
      const mine = () =>
        deliveries.find((d) => {
          const event = JSON.parse(d.body.toString('utf8')) as { data?: { object?: { id?: string } } };
          return event.data?.object?.id === course.id;
        });
      while (mine() === undefined && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          notify = resolve;
          setTimeout(resolve, 500);
        });
      }
      const delivery = mine();
      assert.ok(delivery, 'no delivery for the course within 30 s');

      const event = await lectern.webhooks.verify(delivery.body, delivery.headers, secret);
      assert.ok(event.type === 'course.created', `a ${event.type} event`);
      assert.equal(event.id, delivery.headers['webhook-id']);
      assert.match(event.id, /^evt_/);
      assert.equal(event.data.object.id, course.id);
      assert.equal(event.data.object.title, `Webhooked ${run}`);
      // Also from the raw text and without a client; and a tampered body is refused.
      assert.equal((await Lectern.verifyWebhook(delivery.body.toString('utf8'), delivery.headers, secret)).id, event.id);
      const tampered = Buffer.from(delivery.body.toString('utf8').replace(`Webhooked ${run}`, `Tampered ${run}`));
      await assert.rejects(lectern.webhooks.verify(tampered, delivery.headers, secret), WebhookVerificationError);
      await assert.rejects(lectern.webhooks.verify(delivery.body, delivery.headers, 'whsec_dGhpcyBpcyBub3QgdGhlIHJpZ2h0IHNlY3JldCEhIQ=='), WebhookVerificationError);

      const stored = await lectern.events.get(event.id);
      assert.equal(stored.type, 'course.created');
      const listed = await lectern.webhooks.listDeliveries(endpoint.id, { event_id: event.id }).toArray();
      assert.equal(listed.length, 1);

      await lectern.webhooks.deleteEndpoint(endpoint.id);
      await lectern.courses.delete(course.id);
    } finally {
      receiver.close();
    }
  });
});

/** A zip of stored (uncompressed) members, enough for an import's students.csv and enrollments.csv. */
function storedZip(members: Record<string, string>): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(members)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(members).length, 8);
  end.writeUInt16LE(Object.keys(members).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

describe('imports', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lectern-sdk-import-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('a CSV from its path, waited for: the counts, then the failed row at its line; the same key gives the same import', { timeout: 60_000 }, async () => {
    const file = path.join(folder, 'students.csv');
    writeFileSync(file, `external_id,email,name\nts-${run}-1,ts-${run}-1@example.com,Ada\nts-${run}-2,not-an-email,Alan\nts-${run}-3,ts-${run}-3@example.com,Grace\n`);
    const key = `ts-import-${run}`;
    const report = await lectern.imports.create(file, { type: 'students' }, { wait: true, pollInterval: 100, idempotencyKey: key });
    assert.equal(report.status, 'succeeded_with_errors', JSON.stringify(report));
    assert.deepEqual([report.counts.created, report.counts.failed], [2, 1]);
    assert.deepEqual(report.progress, { done: 3, total: 3 });

    const failures = [];
    for await (const row of lectern.imports.results(report.id, { status: 'error' })) failures.push(row);
    assert.equal(failures.length, 1, JSON.stringify(failures));
    assert.deepEqual([failures[0]!.line, failures[0]!.external_id, failures[0]!.action, failures[0]!.field], [3, `ts-${run}-2`, 'failed', 'email']);
    const all = [];
    for await (const row of lectern.imports.results(report.id)) all.push(row);
    assert.deepEqual(all.map((row) => [row.line, row.action]), [[2, 'created'], [3, 'failed'], [4, 'created']]);

    const again = await lectern.imports.create(file, { type: 'students' }, { idempotencyKey: key });
    assert.equal(again.id, report.id);
  });

  it('a zip of students.csv and enrollments.csv: the students, then their enrollments, in one import', { timeout: 60_000 }, async () => {
    const course = await lectern.courses.create({ title: `Imported ${run}` });
    await lectern.courses.publish(course.id);
    const file = path.join(folder, 'roster.zip');
    writeFileSync(
      file,
      storedZip({
        'students.csv': `external_id,email,name\nzs-${run}-1,zs-${run}-1@example.com,Ada\nzs-${run}-2,zs-${run}-2@example.com,Alan\n`,
        'enrollments.csv': `student_external_id,course_id\nzs-${run}-1,${course.id}\nzs-${run}-2,${course.id}\nzs-${run}-9,${course.id}\n`,
      }),
    );
    const report = await lectern.imports.create(file, undefined, { wait: true, pollInterval: 100 });
    assert.equal(report.format, 'zip');
    assert.equal(report.status, 'succeeded_with_errors', JSON.stringify(report));
    assert.deepEqual([report.counts.created, report.counts.failed], [4, 1]);
    const failed = [];
    for await (const row of lectern.imports.results(report.id, { status: 'error' })) failed.push(row);
    assert.deepEqual(failed.map((row) => [row.file, row.line, row.type]), [['enrollments.csv', 4, 'enrollment']]);
    const enrolled = await lectern.enrollments.list({ course_id: course.id }).toArray();
    assert.equal(enrolled.length, 2);
  });
});
