import { Redis } from 'ioredis';
import type { RuntimeTunings } from '../../runtime/tunings.js';
import { withDeadline } from '../../shared/deadline.js';
import {
  AUTH_FAILURE_WINDOW_MS,
  bucketBudget,
  type Check,
  type Decision,
  type Exceeded,
  type FailureCount,
  type LimitStore,
  MINUTE_MS,
  WINDOW_BUCKET_MS,
  WINDOW_SPAN,
  WINDOW_TTL_MS,
  windowBudget,
} from './budgets.js';
import type { KeyLimits } from './policies.js';

/**
 * The start of a script that does nothing once Redis's clock is past ARGV[deadline]: it returns -1
 * and Redis's time in a reply of `length` fields. A command that timed out here (its request was
 * then decided on local limits) may still be in Redis's socket, or in ioredis's queue, when a frozen
 * Redis resumes, and it runs then: without the deadline its request would be counted twice, here and
 * in Redis. A check Redis ran in time whose reply came too late (Redis stopped before writing it,
 * or this process was kept off the CPU) is given back when the reply arrives (RedisLimitStore).
 * Redis's time also lets the store follow the offset between the two clocks.
 */
function expiredScript(deadline: number, length: number): string {
  return `
local clock = redis.call('TIME')
local redis_now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
if redis_now > tonumber(ARGV[${deadline}]) then
  local reply = { -1 }
  for i = 2, ${length} - 1 do reply[i] = 0 end
  reply[${length}] = redis_now
  return reply
end`;
}

/**
 * One request against a key's budgets, atomically: the same arithmetic as MemoryLimitStore.check,
 * so any number of processes never admit more than the limits. Reads and spends in one round trip.
 *
 * A window is a hash: one field per minute (its count), plus `s`, the count of the minutes that
 * still count, and `o`, the oldest of them. A check reads three fields of it (`s`, `o`, the current
 * minute), whatever the traffic; the minutes are only read whole when the oldest stops counting
 * (at most once a minute: they are swept then) and to compute the wait of a request refused by more
 * than one request (a lowered limit).
 * Reading them whole on every check cost Redis about four times a young window's check once a key
 * had traffic in every minute of the hour (figures in bench/README.md).
 *
 * KEYS: 1 burst bucket (hash u, t), 2 hourly window, 3 endpoint window (ignored when its limit
 *       is 0). The address's failed authentications are not read: they throttle failures only.
 * ARGV: 1 now (ms), 2 cost (0 or 1), 3 burst capacity, 4 hourly limit, 5 endpoint limit (0: none),
 *       6 deadline (ms on Redis's clock: see `expiredScript`).
 * Returns: allowed (-1: past its deadline, nothing done), retry ms, exceeded (0 none, 1 burst, 2 hourly, 3 endpoint),
 *          bucket units, hourly total, hourly oldest minute (-1: none), endpoint total, endpoint oldest,
 *          Redis's time (ms).
 */
const checkScript = `
${expiredScript(6, 9)}
local now = tonumber(ARGV[1])
local cost = tonumber(ARGV[2])
local capacity = tonumber(ARGV[3])
local hourly_limit = tonumber(ARGV[4])
local endpoint_limit = tonumber(ARGV[5])
local MINUTE, BUCKET, SPAN, WINDOW_TTL = ${MINUTE_MS}, ${WINDOW_BUCKET_MS}, ${WINDOW_SPAN}, ${WINDOW_TTL_MS}
local current = math.floor(now / BUCKET)

-- The minutes of a window's hash (tonumber skips the fields s and o), oldest first.
local function minutes_of(key)
  local raw = redis.call('HGETALL', key)
  local minutes = {}
  for i = 1, #raw, 2 do
    local minute = tonumber(raw[i])
    if minute ~= nil then minutes[#minutes + 1] = { minute, tonumber(raw[i + 1]) } end
  end
  table.sort(minutes, function(a, b) return a[1] < b[1] end)
  return minutes
end

-- Returns the window's total, its oldest counted minute (nil: none), the wait before cost more
-- requests fit (0: now), and the count of the current minute.
local function window(key, limit)
  local head = redis.call('HMGET', key, 's', 'o', current)
  local total, oldest, here = tonumber(head[1]) or 0, tonumber(head[2]), tonumber(head[3]) or 0
  if oldest ~= nil and oldest < current - SPAN then
    -- The oldest minute stopped counting: drop every minute that did, recount the rest.
    local stale = {}
    total, oldest = 0, nil
    for _, entry in ipairs(minutes_of(key)) do
      if entry[1] < current - SPAN then
        stale[#stale + 1] = entry[1]
      else
        total = total + entry[2]
        if oldest == nil then oldest = entry[1] end
      end
    end
    if oldest == nil then
      redis.call('DEL', key)
    else
      if #stale > 0 then redis.call('HDEL', key, unpack(stale)) end
      redis.call('HSET', key, 's', total, 'o', oldest)
    end
  end
  local wait = 0
  if oldest ~= nil and total + cost == limit + 1 then
    -- One request too many (the usual refusal): the oldest minute, which holds at least one, frees it.
    wait = (oldest + SPAN + 1) * BUCKET - now
  elseif total + cost > limit then
    wait = (current + SPAN + 1) * BUCKET - now
    local left = total
    for _, entry in ipairs(minutes_of(key)) do
      left = left - entry[2]
      if left + cost <= limit then
        wait = (entry[1] + SPAN + 1) * BUCKET - now
        break
      end
    end
  end
  return total, oldest, wait, here
end

-- Counts the admitted request in the current minute; returns the new total and oldest minute.
local function spend(key, total, oldest, here)
  if oldest == nil or current < oldest then oldest = current end
  redis.call('HSET', key, 's', total + cost, 'o', oldest, current, here + cost)
  redis.call('PEXPIRE', key, WINDOW_TTL)
  return total + cost, oldest
end

local retry, exceeded = 0, 0
local function consider(wait, code)
  if wait > retry then
    retry = wait
    exceeded = code
  end
end

local state = redis.call('HMGET', KEYS[1], 'u', 't')
local units, at = tonumber(state[1]), tonumber(state[2])
if units == nil then
  units, at = capacity * MINUTE, now
end
if now > at then
  units = units + (now - at) * capacity
  at = now
end
units = math.min(units, capacity * MINUTE)
if units < cost * MINUTE then consider(math.ceil((cost * MINUTE - units) / capacity), 1) end

local hourly_total, hourly_oldest, hourly_wait, hourly_here = window(KEYS[2], hourly_limit)
consider(hourly_wait, 2)
local endpoint_total, endpoint_oldest, endpoint_here = 0, nil, 0
if endpoint_limit > 0 then
  local endpoint_wait
  endpoint_total, endpoint_oldest, endpoint_wait, endpoint_here = window(KEYS[3], endpoint_limit)
  consider(endpoint_wait, 3)
end

local allowed = 0
if exceeded == 0 then allowed = 1 end
if allowed == 1 and cost > 0 then
  units = units - cost * MINUTE
  redis.call('HSET', KEYS[1], 'u', units, 't', at)
  redis.call('PEXPIRE', KEYS[1], math.ceil((capacity * MINUTE - units) / capacity) + MINUTE)
  hourly_total, hourly_oldest = spend(KEYS[2], hourly_total, hourly_oldest, hourly_here)
  if endpoint_limit > 0 then
    endpoint_total, endpoint_oldest = spend(KEYS[3], endpoint_total, endpoint_oldest, endpoint_here)
  end
end
return { allowed, retry, exceeded, units, hourly_total, hourly_oldest or -1, endpoint_total, endpoint_oldest or -1, redis_now }
`;

/**
 * Counts a failed authentication of an address in the minute that started with its first failure
 * (hash n = count, r = epoch ms when that minute ends). ARGV: 1 now (ms), 2 window (ms), 3 deadline.
 * Returns: count (-1: past its deadline), reset, Redis's time (ms).
 */
const failureScript = `
${expiredScript(3, 3)}
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'n', 'r')
local count, reset = tonumber(state[1]), tonumber(state[2])
if count == nil or reset <= now then
  count, reset = 0, now + window
end
count = count + 1
redis.call('HSET', KEYS[1], 'n', count, 'r', reset)
redis.call('PEXPIRE', KEYS[1], reset - now + window)
return { count, reset, redis_now }
`;

/**
 * Gives back what a lease (LeaseStore) did not spend: `units` requests into the burst bucket (at
 * most a full bucket) and out of the minute of each window in which the lease was counted, unless
 * that minute no longer counts (swept, or the window expired).
 * KEYS: 1 burst bucket, 2 hourly window, 3 endpoint window (ignored when ARGV[4] is 0).
 * ARGV: 1 units, 2 the lease's minute, 3 burst capacity, 4 whether the endpoint window applies (0/1).
 */
const giveBackScript = `
local units, minute, capacity = tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3])
local MINUTE = ${MINUTE_MS}
local bucket = tonumber(redis.call('HGET', KEYS[1], 'u'))
if bucket ~= nil then redis.call('HSET', KEYS[1], 'u', math.min(bucket + units * MINUTE, capacity * MINUTE)) end
local function give(key)
  local here = tonumber(redis.call('HGET', key, minute))
  if here == nil or here <= 0 then return end
  local back = math.min(here, units)
  redis.call('HINCRBY', key, minute, -back)
  redis.call('HINCRBY', key, 's', -back)
end
give(KEYS[2])
if ARGV[4] == '1' then give(KEYS[3]) end
return 1
`;

const exceededCodes: readonly (Exceeded | undefined)[] = [undefined, 'burst', 'hourly'];

type CheckReply = [number, number, number, number, number, number, number, number, number];

/** Requests of one turn checked together (RedisLimitStore.check): same key, route group and limits. */
interface TurnBatch {
  limits: KeyLimits;
  waiting: { check: Check; resolve: (decision: Decision) => void; reject: (err: unknown) => void }[];
}

interface LimiterCommands {
  lecternRateCheck(...args: (string | number)[]): Promise<CheckReply>;
  lecternAuthFailure(key: string, now: number, windowMs: number, deadline: number): Promise<[number, number, number]>;
  lecternGiveBack(...args: (string | number)[]): Promise<number>;
}

/**
 * A command Redis did not answer within the store's timeout (REDIS_TIMEOUT_MS). `lateMs`: how long
 * after it was due the timeout fired. A timeout that fired well after it was due (`processWasLate`)
 * says this process was busy (its event loop blocked, or kept off the CPU), not that Redis was: the
 * answer may have been waiting in the socket, and Node runs a due timer before it reads sockets.
 */
export class RedisTimeoutError extends Error {
  readonly processWasLate: boolean;

  constructor(
    ms: number,
    readonly lateMs = 0,
  ) {
    super(`Redis did not answer within ${ms} ms`);
    this.processWasLate = lateMs > lateTimerMs(ms);
  }
}

/**
 * How late a timeout of `timeoutMs` may fire and still say the process was on time: a tenth of
 * the timeout, at least 20 ms (a busy but healthy event loop's turns take a few ms).
 */
export function lateTimerMs(timeoutMs: number): number {
  return Math.max(20, timeoutMs / 10);
}

/** A check or failure count that Redis dropped because it reached Redis after its deadline. */
export class ExpiredCommandError extends Error {
  constructor() {
    super('Redis ran the command after its deadline and dropped it');
  }
}

/** A reply measured promptly enough to correct the estimate of Redis's clock from it (ms). */
const PROMPT_REPLY_MS = 10;

export interface RedisStoreOptions {
  url: string;
  /** Prefix of every key this store writes. */
  prefix: string;
  /**
   * A command not answered in this time fails (and the caller falls back to local limits); Redis
   * drops a check it comes to after half of it, so that one whose answer came too late to be used
   * was not counted there.
   */
  commandTimeoutMs: number;
  /** RUNTIME_TUNING: whether the checks of one event-loop turn leave in one write (src/runtime/turn-cork.ts). */
  tunings: Pick<RuntimeTunings, 'holdWrites'>;
}

/**
 * Budgets in Redis, shared by every process: each check is one atomic Lua script, and the checks of
 * one event-loop turn go out together (with RUNTIME_TUNING on). Commands are
 * never queued while Redis is down (`enableOfflineQueue: false`) and time out quickly, so a
 * request never waits on an unreachable Redis; the caller falls back to local limits.
 *
 * The timeout is the store's own (`timed`), not ioredis's `commandTimeout`, which drops the reply
 * that comes after it: a check that timed out here and that Redis did count (its reply arrives
 * late) is given back to Redis then, so the request counts once, here, not in Redis as well.
 */
export class RedisLimitStore implements LimitStore {
  readonly redis: Redis & LimiterCommands;
  private readonly prefix: string;
  private readonly tunings: RedisStoreOptions['tunings'];
  private readonly timeoutMs: number;
  /** How long after sending Redis still runs a command (ms): half the command timeout. */
  private readonly runWithinMs: number;
  /**
   * Redis's clock minus ours (ms), as last measured by a prompt reply: at most the true offset (the
   * reply left Redis before we read it), so deadlines err towards dropping. Zero (NTP-synced
   * clocks) until the first reply.
   */
  private clockOffsetMs = 0;

  constructor(options: RedisStoreOptions) {
    this.prefix = options.prefix;
    this.timeoutMs = options.commandTimeoutMs;
    this.runWithinMs = Math.max(1, Math.floor(options.commandTimeoutMs / 2));
    this.redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      // Keep trying to come back, at most every 2 s.
      retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2_000),
    }) as Redis & LimiterCommands;
    this.tunings = options.tunings;
    this.redis.defineCommand('lecternRateCheck', { numberOfKeys: 3, lua: checkScript });
    this.redis.defineCommand('lecternAuthFailure', { numberOfKeys: 1, lua: failureScript });
    this.redis.defineCommand('lecternGiveBack', { numberOfKeys: 3, lua: giveBackScript });
  }

  /** Whether commands can be sent now (connected and ready). */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /**
   * One request against the key's budgets. The requests of one event-loop turn that spend from
   * the same key, route group and limits are sent together at the turn's end as one script call
   * spending all of them (as `take` does); when they do not all fit, each is then checked alone, in
   * the order they came. Admitted together, each request gets the decision a check of its own, in
   * turn, would have given: the script spends them atomically, so no other request comes between
   * them. Never more than a limit, as every request is counted in Redis before it is admitted. A
   * look (cost 0) goes alone.
   */
  check(check: Check): Promise<Decision> {
    if (check.cost === 0) return this.spend(check, 0);
    return new Promise<Decision>((resolve, reject) => {
      const id = check.group === undefined ? check.keyId : `${check.keyId} ${check.group}`;
      let batch = this.turn.get(id);
      if (batch !== undefined && batch.limits !== check.limits) {
        // Other limits for the same key in one turn (its plan changed): sent alone.
        this.spend(check, 1).then(resolve, reject);
        return;
      }
      if (batch === undefined) {
        batch = { limits: check.limits, waiting: [] };
        this.turn.set(id, batch);
        if (this.turn.size === 1) {
          setImmediate(this.sendTurn);
          // After sendTurn in the check phase: the turn's commands leave in one write (RUNTIME_TUNING).
          if (this.redis.stream) this.tunings.holdWrites(this.redis.stream);
        }
      }
      batch.waiting.push({ check, resolve, reject });
    });
  }

  /**
   * Spends `units` requests of the key's budgets at once, or none (the lease of LeaseStore): the
   * check's script at that cost, so a lease is granted only if all of it fits in every budget.
   */
  take(check: Omit<Check, 'cost'>, units: number): Promise<Decision> {
    return this.spend(check, units);
  }

  /** Gives back `units` of a lease taken at `takenAt` (epoch ms) that were not spent. */
  async giveBack({ keyId, limits, group }: Omit<Check, 'cost' | 'now'>, takenAt: number, units: number): Promise<void> {
    const keyPrefix = `${this.prefix}rl:{${keyId}}:`;
    const minute = Math.floor(takenAt / WINDOW_BUCKET_MS);
    await this.timed(
      this.redis.lecternGiveBack(`${keyPrefix}burst`, `${keyPrefix}window:hourly`, `${keyPrefix}window:${group ?? 'none'}`, units, minute, limits.burst, group ? 1 : 0),
    );
  }

  /** The requests of this turn waiting to be checked, by key and route group (`check`). */
  private readonly turn = new Map<string, TurnBatch>();

  private readonly sendTurn = (): void => {
    for (const batch of this.turn.values()) this.sendBatch(batch);
    this.turn.clear();
  };

  private sendBatch({ waiting }: TurnBatch): void {
    if (waiting.length === 1) {
      const { check, resolve, reject } = waiting[0]!;
      this.spend(check, 1).then(resolve, reject);
      return;
    }
    let latest = waiting[0]!.check;
    for (const { check } of waiting) if (check.now > latest.now) latest = check;
    this.command(latest, waiting.length).then(
      (reply) => {
        if (reply[0] === -1) {
          for (const { reject } of waiting) reject(new ExpiredCommandError());
          return;
        }
        if (reply[0] !== 1) {
          // Not all of them fit: each alone, in order, as they came (their answers decide each).
          for (const { check, resolve, reject } of waiting) this.spend(check, 1).then(resolve, reject);
          return;
        }
        // Admitted together: each request sees the budgets as a check of its own would have left them.
        for (let i = 0; i < waiting.length; i++) waiting[i]!.resolve(this.decisionOf(reply, latest, waiting.length - 1 - i));
      },
      (err: unknown) => {
        for (const { reject } of waiting) reject(err);
      },
    );
  }

  private async spend(check: Omit<Check, 'cost'>, cost: number): Promise<Decision> {
    const reply = await this.command(check, cost);
    if (reply[0] === -1) throw new ExpiredCommandError();
    return this.decisionOf(reply, check, 0);
  }

  /**
   * The check's script spending `cost` requests at once, or none. The checks of one event-loop
   * turn (one per key and route in it) leave in one write at its end, with the turn's responses,
   * instead of a system call (and a wakeup of Redis) each.
   */
  private async command(check: Omit<Check, 'cost'>, cost: number): Promise<CheckReply> {
    const { keyId, limits, group, now } = check;
    const keyPrefix = `${this.prefix}rl:{${keyId}}:`;
    const endpointLimit = group ? limits[group] : 0;
    if (this.redis.stream) this.tunings.holdWrites(this.redis.stream);
    const sentAt = Date.now();
    const reply = await this.timed(
      this.redis.lecternRateCheck(
        `${keyPrefix}burst`,
        `${keyPrefix}window:hourly`,
        `${keyPrefix}window:${group ?? 'none'}`,
        now,
        cost,
        limits.burst,
        limits.hourly,
        endpointLimit,
        this.deadline(sentAt),
      ),
      // Counted in Redis after the request was decided here: not counted there as well.
      ([allowed]) => {
        if (allowed === 1 && cost > 0) this.giveBack(check, now, cost).catch(() => {});
      },
    );
    this.measureClock(sentAt, reply[8]);
    return reply;
  }

  /**
   * The decision of the script's answer for `check`, or for one of several requests admitted
   * together, `after` of which came after it: it sees those `after` requests not yet spent.
   */
  private decisionOf(reply: CheckReply, { limits, group, now }: Omit<Check, 'cost'>, after: number): Decision {
    const [allowed, retry, exceeded, units, hourlyTotal, hourlyOldest, endpointTotal, endpointOldest] = reply;
    const oldest = (minute: number) => (minute >= 0 ? minute : undefined); // the script says -1 for none
    return {
      allowed: allowed === 1,
      retryAfterMs: retry,
      exceeded: exceeded === 3 ? group : exceededCodes[exceeded],
      hourly: windowBudget(limits.hourly, hourlyTotal - after, oldest(hourlyOldest), now),
      burst: bucketBudget(limits.burst, units + after * MINUTE_MS, now),
      endpoint: group ? windowBudget(limits[group], endpointTotal - after, oldest(endpointOldest), now) : undefined,
    };
  }

  async recordFailure(address: string, now: number): Promise<FailureCount> {
    const sentAt = Date.now();
    const [count, resetAt, redisNow] = await this.timed(this.redis.lecternAuthFailure(this.failureKey(address), now, AUTH_FAILURE_WINDOW_MS, this.deadline(sentAt)));
    this.measureClock(sentAt, redisNow);
    if (count === -1) throw new ExpiredCommandError();
    return { count, resetAt };
  }

  async ping(): Promise<void> {
    await this.timed(this.redis.ping());
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  /**
   * The command's answer, or a RedisTimeoutError once it has waited the store's timeout (saying how
   * late the timeout fired: the process's own delay at the deadline). A reply
   * that comes after that goes to `late` (the command stays in ioredis's queue until Redis answers
   * it or the connection closes, which fails it).
   */
  private timed<T>(command: Promise<T>, late?: (value: T) => void): Promise<T> {
    // performance.now() is at least the loop time the timer is scheduled from: lateness is never overstated.
    const due = performance.now() + this.timeoutMs;
    return withDeadline(command, this.timeoutMs, { error: () => new RedisTimeoutError(this.timeoutMs, performance.now() - due), ...(late && { late }) });
  }

  /** The last moment, on Redis's clock, at which Redis may run a command sent at `sentAt` (our clock). */
  private deadline(sentAt: number): number {
    return sentAt + this.clockOffsetMs + this.runWithinMs;
  }

  /**
   * Follows Redis's clock from the replies answered within PROMPT_REPLY_MS (a slow one says less
   * about the offset than about the wait). An expired reply counts as well, so
   * that a Redis whose clock is far ahead of ours is not dropping every check for good.
   */
  private measureClock(sentAt: number, redisNow: number): void {
    const receivedAt = Date.now();
    if (receivedAt - sentAt <= PROMPT_REPLY_MS || redisNow > this.deadline(sentAt)) this.clockOffsetMs = redisNow - receivedAt;
  }

  private failureKey(address: string): string {
    return `${this.prefix}auth-failures:${address}`;
  }
}
