import { Redis } from 'ioredis';
import type {
  FailureCount,
  FailureRules,
  LimitStore,
  SharedState,
  ThrottleStore,
  WindowCount,
} from './types.ts';

/**
 * One request counted in a fixed window, atomically (a Lua script runs alone on the server): INCR, the window's
 * expiry set by its first request, and the milliseconds left. The pattern of @fastify/rate-limit's RedisStore.
 */
const HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/**
 * One sign-in failure for an account (hash fields tn/tl: count and last time) and for an address of it (an:<ip>,
 * al:<ip>), as the in-memory store does: the account's count starts afresh after a quiet spell. Times are the
 * app's clock, kept as the strings given (Lua's numbers would print large ones in exponent form). The hash
 * expires after the quiet spell: by then it holds nobody back.
 * ARGV: now, quietResetMs, address.
 */
const FAIL = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local tl = redis.call('HGET', key, 'tl')
local tn = 1
if tl and now - tonumber(tl) <= tonumber(ARGV[2]) then
  tn = tonumber(redis.call('HGET', key, 'tn') or '0') + 1
end
local an = tonumber(redis.call('HGET', key, 'an:' .. ARGV[3]) or '0') + 1
redis.call('HSET', key, 'tn', tn, 'tl', ARGV[1], 'an:' .. ARGV[3], an, 'al:' .. ARGV[3], ARGV[1])
redis.call('PEXPIRE', key, ARGV[2])
return tn
`;

interface Scripts {
  vigilHit(key: string, windowMs: number): Promise<[number, number]>;
  vigilFail(key: string, now: string, quietResetMs: number, address: string): Promise<number>;
}

export class RedisLimitStore implements LimitStore {
  readonly #redis: Redis & Scripts;
  readonly #prefix: string;
  constructor(redis: Redis & Scripts, prefix: string) {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttlMs] = await this.#redis.vigilHit(`${this.#prefix}limit:${key}`, windowMs);
    return { count, ttlMs };
  }
}

export class RedisThrottleStore implements ThrottleStore {
  readonly #redis: Redis & Scripts;
  readonly #prefix: string;
  constructor(redis: Redis & Scripts, prefix: string) {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  #key(account: string): string {
    return `${this.#prefix}throttle:${account}`;
  }

  async read(account: string, address: string) {
    const [tn, tl, an, al] = await this.#redis.hmget(
      this.#key(account),
      'tn',
      'tl',
      `an:${address}`,
      `al:${address}`,
    );
    return { total: count(tn, tl), address: count(an, al) };
  }

  async fail(account: string, address: string, r: FailureRules): Promise<void> {
    await this.#redis.vigilFail(this.#key(account), String(r.now), r.quietResetMs, address);
  }

  async clearAddress(account: string, address: string): Promise<void> {
    await this.#redis.hdel(this.#key(account), `an:${address}`, `al:${address}`);
  }

  async clearAccount(account: string): Promise<void> {
    await this.#redis.del(this.#key(account));
  }
}

function count(n: string | null | undefined, last: string | null | undefined): FailureCount | undefined {
  return n && last ? { n: Number(n), last: Number(last) } : undefined;
}

/**
 * Redis at `url` (redis:// or rediss://), keys under `prefix`. A request never waits on a Redis that is away: no
 * offline queue, one retry, a short command timeout; the callers decide what an error means (decision 0605).
 */
export function redisSharedState(
  url: string,
  opts: { prefix?: string; onError?: (err: Error) => void } = {},
): SharedState {
  const prefix = opts.prefix ?? 'vigil:';
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
  });
  // ioredis reconnects by itself; without a listener an 'error' event would end the process. Told once a minute.
  let toldAt = 0;
  redis.on('error', (err: Error) => {
    if (Date.now() - toldAt < 60_000) return;
    toldAt = Date.now();
    opts.onError?.(err);
  });
  redis.defineCommand('vigilHit', { numberOfKeys: 1, lua: HIT });
  redis.defineCommand('vigilFail', { numberOfKeys: 1, lua: FAIL });
  const r = redis as Redis & Scripts;
  return {
    kind: 'redis',
    limits: new RedisLimitStore(r, prefix),
    throttle: new RedisThrottleStore(r, prefix),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
