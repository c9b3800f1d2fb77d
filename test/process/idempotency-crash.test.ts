import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createKey } from '../../src/modules/api-keys/api-keys.service.js';
import { systemClock } from '../../src/shared/clock.js';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { callApi, type RunningServer, startServer } from './spawn.js';

/**
 * An idempotent retry after a crash never runs a request twice. A real server takes concurrent
 * creates (courses, students, enrollments), each with its own Idempotency-Key and unique fields,
 * and is killed (SIGKILL) at seeded random moments; a new server starts on the same database, and
 * every request that got no answer is sent again with the same key and body until it gets one.
 * Then each course title exists once (and every acknowledged one exists), and every request's
 * final answer is its 201: a student or enrollment created twice would answer 409 on its second run.
 */

const SEED = Number(process.env.CRASH_SEED ?? 20261121);
/** Requests in flight at once: about this many are cut off by each kill. */
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 64);
const BULK_SIZE = 50;
const MIN_RETRIES = 220;
const MIN_KILLS = 4;
const MAX_KILLS = 14;

interface Operation {
  n: number;
  kind: 'course' | 'student' | 'students' | 'enrollment';
  key: string;
  path: string;
  body: Record<string, unknown>;
  sends: number;
  /** The last send got no answer (the process died with it in flight). */
  noAnswerBefore?: boolean;
  /** The answer that ended it: a 2xx or a 4xx other than 409 idempotency_request_in_progress. */
  answer?: { status: number; body: any };
}

describe.each(testDialects())('idempotent retries across crashes [%s]', (dialect) => {
  it(
    'runs every request once, whatever moment the process is killed at',
    async () => {
      const started = Date.now();
      const random = mulberry32(SEED);
      const { env, drop } = await freshDatabaseEnv(dialect);
      const serverEnv = { ...env, RATE_LIMITS: 'off', IDEMPOTENCY_LOCK_SECONDS: '1' };
      let server: RunningServer | undefined;
      try {
        const key = await productionKey(env);
        server = await startServer(serverEnv);

        // Students and published courses for the enrollments to pair, made before any kill.
        const students: string[] = [];
        for (let batch = 0; batch < 3; batch++) {
          const records = Array.from({ length: 100 }, (_, i) => ({ email: `pool${batch}-${i}@example.com`, name: `Pool ${batch}-${i}` }));
          const created = await callApi(server, 'POST', '/students/bulk', key, { records });
          expect(created.status, created.text).toBe(201);
          students.push(...created.body.data.map((r: { data: { id: string } }) => r.data.id));
        }
        const courses: string[] = [];
        for (let i = 0; i < 5; i++) {
          const created = await callApi(server, 'POST', '/courses', key, { title: `Enrollable ${i}`, published: true });
          expect(created.status, created.text).toBe(201);
          courses.push(created.body.data.id);
        }
        const pairs = students.flatMap((student) => courses.map((course) => ({ student, course })));
        shuffle(pairs, random);

        let made = 0;
        const newOperation = (): Operation => {
          const n = made++;
          const pick = random();
          const key = `crash-${SEED}-${n}`;
          if (pick < 0.15 && pairs.length > 0) {
            const { student, course } = pairs.pop()!;
            return { n, kind: 'enrollment', key, path: '/enrollments', body: { student_id: student, course_id: course }, sends: 0 };
          }
          if (pick < 0.3) return { n, kind: 'student', key, path: '/students', body: { email: `crash${n}@example.com`, name: `Crash ${n}` }, sends: 0 };
          if (pick < 0.55) {
            // A bulk create answers a long body: more of the process's time lies between its commit and its answer.
            const records = Array.from({ length: BULK_SIZE }, (_, i) => ({ email: `crash${n}-${i}@example.com`, name: `Crash ${n}-${i}` }));
            return { n, kind: 'students', key, path: '/students/bulk', body: { records }, sends: 0 };
          }
          return { n, kind: 'course', key, path: '/courses', body: { title: `Crash course ${n}`, description: `Made by request ${n}` }, sends: 0 };
        };

        const operations: Operation[] = [];
        let unanswered: Operation[] = [];
        let retriesAfterNoAnswer = 0;
        let resendsAfterBusy = 0;
        let kills = 0;
        let restartMs = 0;

        /**
         * Sends operations (the unanswered first, then new ones while `more`) until `stop` says
         * so; `onAnswer` hears of each answer.
         */
        async function drive(target: RunningServer, more: boolean, stopped: () => boolean, onAnswer = () => {}): Promise<void> {
          const queue = unanswered;
          unanswered = [];
          const worker = async () => {
            for (;;) {
              if (stopped()) return;
              let op = queue.shift();
              if (!op) {
                if (!more) return;
                op = newOperation();
                operations.push(op);
              }
              if (op.noAnswerBefore) retriesAfterNoAnswer++;
              else if (op.sends > 0) resendsAfterBusy++;
              op.sends++;
              op.noAnswerBefore = false;
              try {
                const response = await fetch(`${target.url}/api/v1${op.path}`, {
                  method: 'POST',
                  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': op.key },
                  body: JSON.stringify(op.body),
                });
                const text = await response.text();
                const body = text ? JSON.parse(text) : undefined;
                onAnswer();
                const busy = response.status === 409 && body?.error?.code === 'idempotency_request_in_progress';
                if (response.status >= 500 || busy) {
                  unanswered.push(op);
                  if (busy) await sleep(100);
                } else {
                  op.answer = { status: response.status, body };
                }
              } catch {
                // No answer: the process died with the request in flight.
                op.noAnswerBefore = true;
                unanswered.push(op);
              }
            }
          };
          await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        }

        // Crash cycles: load, a kill at a random moment, a new process on the same database.
        while (kills < MAX_KILLS && (retriesAfterNoAnswer < MIN_RETRIES || kills < MIN_KILLS)) {
          const victim: RunningServer = server;
          let killed = false;
          let answers = 0;
          const killAfter = 20 + Math.floor(random() * 130);
          const killDelay = Math.floor(random() * 10);
          const kill = () => {
            if (answers++ !== killAfter) return;
            setTimeout(() => {
              killed = true;
              victim.process.kill('SIGKILL');
            }, killDelay);
          };
          await drive(victim, true, () => killed, kill);
          await victim.exited;
          kills++;
          const restart = Date.now();
          server = await startServer(serverEnv);
          restartMs += Date.now() - restart;
        }

        // The last process is not killed: every request still unanswered is sent until it is.
        const deadline = Date.now() + 30_000;
        const alive = async () => {
          // A process that died on its own (not killed here) is replaced too, and said so.
          if (server!.process.exitCode !== null || server!.process.signalCode !== null) {
            console.log(`[${dialect}] the server exited on its own (${server!.process.exitCode ?? server!.process.signalCode}):\n${server!.stdout().slice(-3000)}`);
            server = await startServer(serverEnv);
          }
          return server!;
        };
        while (unanswered.length > 0 && Date.now() < deadline) await drive(await alive(), false, () => false);
        expect(unanswered.map((op) => op.key)).toEqual([]);

        // Every request's final answer is its 201 (a student or enrollment run twice would say 409).
        const wrong = operations.filter((op) => op.answer?.status !== 201).map((op) => ({ key: op.key, kind: op.kind, answer: op.answer }));
        // Each course title exists once, and every acknowledged course exists with the id answered.
        const byTitle = new Map<string, string[]>();
        for (let page = 1; ; page++) {
          const list = await callApi(await alive(), 'GET', `/courses?per_page=100&page=${page}`, key);
          expect(list.status, list.text).toBe(200);
          for (const course of list.body.data as { id: string; title: string }[]) byTitle.set(course.title, [...(byTitle.get(course.title) ?? []), course.id]);
          if (page >= list.body.pagination.total_pages) break;
        }
        const courseOps = operations.filter((op) => op.kind === 'course');
        const duplicates = courseOps.reduce((sum, op) => sum + Math.max(0, (byTitle.get(op.body.title as string)?.length ?? 0) - 1), 0);
        const missing = courseOps.filter((op) => op.answer && !(byTitle.get(op.body.title as string) ?? []).includes(op.answer.body?.data?.id)).map((op) => op.key);
        const students409 = wrong.filter((w) => w.kind === 'student' && w.answer?.status === 409).length;
        const bulksTwice = wrong.filter((w) => w.kind === 'students').length;
        const enrollments409 = wrong.filter((w) => w.kind === 'enrollment' && w.answer?.status === 409).length;

        console.log(
          `[${dialect}] seed ${SEED}: ${operations.length} requests (${courseOps.length} courses), ${kills} kills, ` +
            `${retriesAfterNoAnswer} retries after no answer, ${resendsAfterBusy} resends after 409 in progress or 5xx; ` +
            `duplicate courses ${duplicates}, students run twice ${students409}, bulk creates run twice ${bulksTwice}, enrollments run twice ${enrollments409}; ` +
            `${Math.round((Date.now() - started) / 1000)} s (${Math.round(restartMs / 1000)} s of it starting servers)`,
        );
        expect(duplicates, 'courses created twice').toBe(0);
        expect(wrong, 'requests whose final answer is not their 201').toEqual([]);
        expect(missing, 'acknowledged courses that do not exist').toEqual([]);
        expect(retriesAfterNoAnswer).toBeGreaterThanOrEqual(MIN_RETRIES);
      } finally {
        if (server && server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
        await server?.exited;
        await drop();
      }
    },
    240_000,
  );
});

/** A professional account's production key with every scope, made in the database directly (the CLI takes seconds to start). */
async function productionKey(env: Record<string, string>): Promise<string> {
  const database = openDatabase({ dataDir: env.DATA_DIR!, databaseUrl: env.DATABASE_URL });
  try {
    await migrateToLatest(database);
    const ctx = { db: database, clock: systemClock };
    const account = await createAccount(ctx, { name: 'Crash school', plan: 'professional' });
    return (await createKey(ctx, { accountId: account.id, environment: 'production', name: 'crash-test' })).key;
  } finally {
    await database.close();
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A small seeded generator (mulberry32): the same seed, the same kill moments and request mix. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
