// The sync-at-scale case: a workspace with 1,000,000 students, and a cursor page at the start of
// the list against one near its end. Keyset pagination should make them cost the same.
import type { Kysely } from 'kysely';
import type { DB, StudentsTable } from '../src/db/types.js';
import { newId } from '../src/shared/ids.js';
import { encodeCursor } from '../src/shared/pagination.js';
import { LoadAccumulator } from './load.js';
import { withSeededServer } from './seeded-server.js';

export interface SyncResult {
  database: 'sqlite' | 'postgres';
  students: number;
  seed_s: number;
  first_page_rps: number;
  first_page_p99_ms: number;
  deep_page_rps: number;
  deep_page_p99_ms: number;
  /** Mean time of a deep page over a first page (1.0 = the same). */
  deep_over_first: number;
}

interface SyncOptions {
  root: string;
  host: string;
  students: number;
  durationS: number;
  connections: number;
  /** Admin URL of a PostgreSQL server: the case gets a database of its own there. */
  postgresUrl?: string;
  log: (message: string) => void;
}

export async function runSyncCase(options: SyncOptions): Promise<SyncResult> {
  options.log(`sync: seeding ${options.students.toLocaleString('en')} students`);
  return withSeededServer(
    { name: 'sync', ...options },
    (db, workspaceId) => seedStudents(db, workspaceId, options.students),
    async ({ database, server, headers, workspaceId, seedS }, last) => {
      // A deep page: the cursor a walk would hold ~100 rows before the end of a million.
      const deepCursor = encodeCursor('students', workspaceId, 'created_at', last);
      const first = new LoadAccumulator({ name: 'first page', baseUrl: server.baseUrl, headers, nextPath: () => '/api/v1/students?cursor=&per_page=100' }, options.connections);
      const deep = new LoadAccumulator(
        { name: 'deep page', baseUrl: server.baseUrl, headers, nextPath: () => `/api/v1/students?cursor=${deepCursor}&per_page=100` },
        options.connections,
      );
      await first.warmUp(1);
      await deep.warmUp(1);
      for (let round = 0; round < 2; round++) {
        await first.measure(options.durationS / 2);
        await deep.measure(options.durationS / 2);
      }
      const [a, b] = [first.result(), deep.result()];
      if (a.non2xx + b.non2xx > 0) throw new Error(`sync case: non-2xx answers (${a.non2xx} first, ${b.non2xx} deep)`);
      return {
        database,
        students: options.students,
        seed_s: Math.round(seedS * 10) / 10,
        first_page_rps: Math.round(a.rps),
        first_page_p99_ms: Math.round(a.p99Ms * 100) / 100,
        deep_page_rps: Math.round(b.rps),
        deep_page_p99_ms: Math.round(b.p99Ms * 100) / 100,
        deep_over_first: Math.round((a.rps / b.rps) * 100) / 100,
      };
    },
  );
}

/**
 * Inserts students in multi-row batches inside a few large transactions (the fast way to load),
 * with creation times one millisecond apart. Answers the keyset position ~100 rows from the end.
 */
async function seedStudents(db: Kysely<DB>, workspaceId: string, count: number): Promise<{ value: string; id: string }> {
  const start = Date.UTC(2025, 0, 1);
  const batch = 1000;
  let deep = { value: '', id: '' };
  for (let done = 0; done < count; ) {
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < 50 && done < count; b++) {
        const rows: StudentsTable[] = [];
        for (let i = 0; i < batch && done < count; i++, done++) {
          const at = start + done;
          const iso = new Date(at).toISOString();
          const email = `student${done}@sync.example.com`;
          const row = { id: newId('stu', at), workspace_id: workspaceId, email, email_normalized: email, name: `Student ${done}`, external_id: null, metadata: '{}', version: 1, created_at: iso, updated_at: iso };
          rows.push(row);
          if (done === count - 101) deep = { value: iso, id: row.id };
        }
        await trx.insertInto('students').values(rows).execute();
      }
    });
  }
  return deep;
}
