/**
 * A `RelayStore` in Redis (2.6.12 or later, or any server speaking its commands:
 * Valkey, KeyDB, managed Redis), so relay instances behind a load balancer
 * share one set of challenges. It takes a function that sends one command,
 * which every Redis client has, so the relay depends on none:
 *
 *   node-redis: `redisStore((args) => client.sendCommand(args))`
 *   ioredis:    `redisStore(([name, ...rest]) => client.call(name!, ...rest))`
 *
 * Each operation is one command or one short Lua script, so it is atomic on
 * the server and touches exactly one key (safe under Redis Cluster too).
 */
import type { RelayStore } from './store.js';

/** Sends one Redis command (`['SET', key, value, ...]`) and resolves with its reply. */
export type RedisCommand = (args: string[]) => Promise<unknown>;

/**
 * Replaces the value only while it is still the expected one; with a TTL
 * (ARGV[4], ms) the new value gets it, else it keeps the remaining one.
 */
const REPLACE = `
local current = redis.call('GET', KEYS[1])
if current ~= ARGV[1] then return 0 end
if ARGV[2] == 'delete' then
  redis.call('DEL', KEYS[1])
else
  local ttl = tonumber(ARGV[4])
  if ttl == nil or ttl <= 0 then ttl = redis.call('PTTL', KEYS[1]) end
  if ttl > 0 then redis.call('SET', KEYS[1], ARGV[3], 'PX', ttl) else redis.call('SET', KEYS[1], ARGV[3]) end
end
return 1`;

/** Counts, starting the window's expiry on the first increment; answers {count, ms left}. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export interface RedisStoreOptions {
  /** Prefix of every key the relay writes (default `ew-relay:`), to share a database safely. */
  keyPrefix?: string;
}

export function redisStore(command: RedisCommand, options: RedisStoreOptions = {}): RelayStore {
  const prefix = options.keyPrefix ?? 'ew-relay:';
  const ms = (value: number) => String(Math.max(1, Math.ceil(value)));
  return {
    async create(key, value, ttlMs) {
      return (await command(['SET', prefix + key, value, 'PX', ms(ttlMs), 'NX'])) === 'OK';
    },
    async get(key) {
      const value = await command(['GET', prefix + key]);
      return typeof value === 'string' ? value : undefined;
    },
    async replace(key, expected, next, ttlMs) {
      const args = next === undefined ? ['delete', ''] : ['set', next, ttlMs === undefined ? '' : ms(ttlMs)];
      return Number(await command(['EVAL', REPLACE, '1', prefix + key, expected, ...args])) === 1;
    },
    async increment(key, ttlMs) {
      const reply = await command(['EVAL', INCREMENT, '1', prefix + key, ms(ttlMs)]);
      if (!Array.isArray(reply) || reply.length !== 2) throw new Error('Unexpected reply from Redis');
      const [count, left] = reply.map(Number) as [number, number];
      return { count, resetInMs: left > 0 ? left : Number(ttlMs) };
    },
  };
}
