import { randomFillSync } from 'node:crypto';

/** Resource id prefixes (docs/api.md, "Envelopes"). */
export type IdPrefix = 'acc' | 'wsp' | 'key' | 'crs' | 'mod' | 'les' | 'qst' | 'stu' | 'enr' | 'att' | 'exp' | 'whe' | 'evt' | 'dlv' | 'job' | 'req' | 'usr' | 'ltr' | 'lla' | 'lgs' | 'imp';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

let lastTime = -1;
/** The random part of the last id; ids of one millisecond increment it in place. */
const random = new Uint8Array(10);

const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const UNDERSCORE = '_'.charCodeAt(0);
/** The character codes of the id being built: the prefix (3, as IdPrefix has it), `_`, 10 of time, 16 of randomness. */
const idCodes: number[] = new Array<number>(30).fill(0);

/**
 * A ULID-style id: 48 bits of milliseconds then 80 random bits, base32, so ids sort by creation
 * time. Within one millisecond the random part is incremented, keeping ids of one process in order.
 * Every request gets one (its request id), so it allocates nothing but the string, and builds that
 * in one piece: joined from parts, it would be a rope that Node's header check flattens through a
 * slow path (bench/README.md, "Figures behind the code").
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  if (now === lastTime) {
    increment(random);
  } else {
    nextRandom(random);
    lastTime = now;
    putTime(now);
  }
  idCodes[0] = prefix.charCodeAt(0);
  idCodes[1] = prefix.charCodeAt(1);
  idCodes[2] = prefix.charCodeAt(2);
  idCodes[3] = UNDERSCORE;
  put40(random, 0, 14);
  put40(random, 5, 22);
  return String.fromCharCode.apply(null, idCodes);
}

/** The time as 10 base32 characters at positions 4–13. */
function putTime(ms: number): void {
  let t = ms;
  for (let i = 13; i >= 4; i--) {
    idCodes[i] = CODES[t % 32]!;
    t = Math.floor(t / 32);
  }
}

// Random bytes come from a pool filled 4 KiB at a time: one system call per 409 ids, not one each.
const pool = Buffer.allocUnsafe(4096);
let poolOffset = pool.length;

function nextRandom(into: Uint8Array): void {
  if (poolOffset + 10 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  pool.copy(into, 0, poolOffset, poolOffset + 10);
  poolOffset += 10;
}

/** 40 bits (5 bytes) → 8 base32 characters at `at`; exact in a double. */
function put40(bytes: Uint8Array, offset: number, at: number): void {
  let value = 0;
  for (let i = offset; i < offset + 5; i++) value = value * 256 + bytes[i]!;
  const lo = value % 1048576; // the low 20 bits: 4 characters
  const hi = (value - lo) / 1048576;
  idCodes[at] = CODES[(hi >>> 15) & 31]!;
  idCodes[at + 1] = CODES[(hi >>> 10) & 31]!;
  idCodes[at + 2] = CODES[(hi >>> 5) & 31]!;
  idCodes[at + 3] = CODES[hi & 31]!;
  idCodes[at + 4] = CODES[(lo >>> 15) & 31]!;
  idCodes[at + 5] = CODES[(lo >>> 10) & 31]!;
  idCodes[at + 6] = CODES[(lo >>> 5) & 31]!;
  idCodes[at + 7] = CODES[lo & 31]!;
}

function increment(bytes: Uint8Array): void {
  for (let i = bytes.length - 1; i >= 0; i--) {
    if (bytes[i] === 255) {
      bytes[i] = 0;
    } else {
      bytes[i]!++;
      return;
    }
  }
  randomFillSync(bytes); // overflow after 2^80 ids in one millisecond: start afresh
}

/** Shape of any id with the given prefix, for schemas and quick checks. */
export function idPattern(prefix: IdPrefix): string {
  return `^${prefix}_[0-9a-z]{26}$`;
}
