import { randomBytes } from 'node:crypto';

/** Resource id prefixes (CONTRACT "Wire conventions"). */
export type IdPrefix = 'acc' | 'wsp' | 'key' | 'crs' | 'mod' | 'les' | 'stu' | 'enr' | 'att' | 'exp' | 'whe' | 'evt' | 'req';

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
    random = randomBytes(10);
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

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits → 16 base32 characters, 5 bits at a time.
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
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
