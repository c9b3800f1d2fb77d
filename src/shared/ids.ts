import { randomBytes, randomFillSync } from 'node:crypto';

/** Resource id prefixes (CONTRACT "Wire conventions"). */
export type IdPrefix = 'acc' | 'wsp' | 'key' | 'crs' | 'mod' | 'les' | 'qst' | 'stu' | 'enr' | 'att' | 'exp' | 'whe' | 'evt' | 'dlv' | 'job' | 'req';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

let lastTime = -1;
let lastRandom: Uint8Array = new Uint8Array(10);

/**
 * A ULID-style id: 48 bits of milliseconds then 80 random bits, base32, so ids sort by creation
 * time. Within one millisecond the random part is incremented, keeping ids of one process in order.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  let random: Uint8Array;
  if (now === lastTime) {
    random = increment(lastRandom);
  } else {
    random = nextRandom();
    lastTime = now;
  }
  lastRandom = random;
  return `${prefix}_${encodeTime(now)}${encodeRandom(random)}`;
}

function encodeTime(ms: number): string {
  let out = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

// Random bytes come from a pool filled 4 KiB at a time: one system call per 409 ids, not one each.
const pool = Buffer.allocUnsafe(4096);
let poolOffset = pool.length;

function nextRandom(): Uint8Array {
  if (poolOffset + 10 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Uint8Array.prototype.slice.call(pool, poolOffset, poolOffset + 10);
  poolOffset += 10;
  return bytes;
}

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits → 16 base32 characters: two 40-bit halves, each exact in a double.
  return encode40(bytes, 0) + encode40(bytes, 5);
}

function encode40(bytes: Uint8Array, offset: number): string {
  let value = 0;
  for (let i = offset; i < offset + 5; i++) value = value * 256 + bytes[i]!;
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = ALPHABET[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = Uint8Array.from(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] === 255) {
      next[i] = 0;
    } else {
      next[i] = next[i]! + 1;
      return next;
    }
  }
  return randomBytes(10); // overflow after 2^80 ids in one millisecond: start afresh
}

/** Shape of any id with the given prefix, for schemas and quick checks. */
export function idPattern(prefix: IdPrefix): string {
  return `^${prefix}_[0-9a-z]{26}$`;
}
