import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { toIso } from '../../shared/clock.js';
import { PeriodicWriter } from '../../shared/periodic-writer.js';
import { recordLastUsed } from './api-keys.repository.js';

/** What key reads need of the recorder: this process's use of a key not yet written. */
export interface PendingKeyUsage {
  pending(keyId: string): string | undefined;
}

/**
 * `last_used_at` of API keys without a database write per request. Authentication records the
 * time a key was accepted in memory; `flush` writes what is pending in one transaction, on an
 * interval and when the app closes. Writes are rare on purpose: any commit makes every process's
 * SQLite key cache (key-lookup.ts) read the database again. Other processes therefore see a use
 * up to one flush interval late; this process sees it at once (key reads merge `pending`).
 */
export class KeyUsageRecorder extends PeriodicWriter implements PendingKeyUsage {
  /** Key id → epoch ms of its last accepted use not yet written. */
  private readonly unwritten = new Map<string, number>();

  constructor(private readonly db: Kysely<DB>) {
    super();
  }

  /**
   * On every accepted request: synchronous, one Map entry per key. `at` is epoch ms, turned into
   * an ISO timestamp only when read or written, not on every request.
   */
  touch(keyId: string, at: number): void {
    const current = this.unwritten.get(keyId);
    // A clock stepping back never moves it back.
    if (current === undefined || current < at) this.unwritten.set(keyId, at);
  }

  /** The pending use of a key, as an ISO timestamp. */
  pending(keyId: string): string | undefined {
    const at = this.unwritten.get(keyId);
    return at === undefined ? undefined : toIso(at);
  }

  /**
   * Writes every pending use. A value stays pending until its write committed (key reads keep
   * showing it meanwhile), and is dropped only if no later use arrived during the write.
   */
  protected async write(): Promise<void> {
    if (this.unwritten.size === 0) return;
    const batch = [...this.unwritten];
    await this.db.transaction().execute(async (trx) => {
      for (const [keyId, at] of batch) await recordLastUsed(trx, keyId, toIso(at));
    });
    for (const [keyId, at] of batch) {
      if (this.unwritten.get(keyId) === at) this.unwritten.delete(keyId);
    }
  }
}

/** The later of the stored and the pending `last_used_at`. */
export function laterOf(stored: string | null, pending: string | undefined): string | null {
  if (pending === undefined) return stored;
  return stored === null || stored < pending ? pending : stored;
}
