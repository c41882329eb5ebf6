/**
 * A topic's history in Redis: a stream (`svc:stream:<topic>`) beside the topic's channel.
 *
 * Publishing is one Lua script, so it is one command and atomic: XADD the message (trimmed to
 * about `events` entries with `MAXLEN ~`, and to `maxAgeMs` with `MINID ~`), refresh the key's
 * expiry to `maxAgeMs` (a topic nobody publishes to leaves nothing behind), then PUBLISH
 * `#<id> <json>` on the channel. Live delivery stays PUBLISH/SUBSCRIBE (one connection holds any
 * number of topics, and Redis pushes to it), and because the script runs whole, the channel
 * carries messages in the stream's order: a subscriber that reads the stream after it subscribed
 * has every message, from one or the other, and skips ids it already has.
 *
 * Reading is another script: the stream's facts (its last id, how many entries it ever had and
 * holds, its first entry) and the entries after a position, in one answer, from which
 * `pageOf` judges whether events after that position were lost.
 */
import { compareRedisIds, isRedisId, redisIdMs } from './event-ids.js';
import type { HistoryPage } from './transport.js';

export const STREAM_PREFIX = 'svc:stream:';

/** KEYS[1] the stream; ARGV: channel, JSON text, events, maxAgeMs. Returns the new id. */
export const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'm', ARGV[2])
local ms = tonumber(string.match(id, '^%d+'))
local oldest = math.max(0, ms - tonumber(ARGV[4]))
redis.call('XTRIM', KEYS[1], 'MINID', '~', string.format('%.0f', oldest))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[1], '#' .. id .. ' ' .. ARGV[2])
return id
`;

/**
 * KEYS[1] the stream; ARGV: the position to read after ('' for none), the most entries.
 * Returns { now ms, last id, entries added, length, first id, entries } ('' ids when missing).
 */
export const READ_SCRIPT = `
local t = redis.call('TIME')
local facts = { tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), '', 0, 0, '', {} }
if redis.call('EXISTS', KEYS[1]) == 0 then return facts end
local info = redis.call('XINFO', 'STREAM', KEYS[1])
for i = 1, #info, 2 do
  local field, value = info[i], info[i + 1]
  if field == 'last-generated-id' then facts[2] = value
  elseif field == 'entries-added' then facts[3] = value
  elseif field == 'length' then facts[4] = value
  elseif field == 'first-entry' and value then facts[5] = value[1] end
end
if ARGV[1] ~= '' then facts[6] = redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+', 'COUNT', ARGV[2]) end
return facts
`;

/** The largest sequence Redis accepts in an id. */
const MAX_SEQ = '18446744073709551615';

/** Whether `id` is a Redis stream id Redis accepts as a range start. */
export function isReadableRedisId(id: string): boolean {
  if (!isRedisId(id)) return false;
  const seq = id.slice(id.indexOf('-') + 1);
  return seq.length < MAX_SEQ.length || (seq.length === MAX_SEQ.length && seq <= MAX_SEQ);
}

/** A channel message: `#<id> <json>` from svc with retention, anything else as JSON without an id. */
export function splitMessage(raw: string): [id: string | undefined, text: string] {
  if (raw.charCodeAt(0) !== 0x23) return [undefined, raw];
  const space = raw.indexOf(' ');
  const id = raw.slice(1, space);
  return space > 1 && isRedisId(id) ? [id, raw.slice(space + 1)] : [undefined, raw];
}

interface Facts {
  now: number;
  /** '' when the stream does not exist. */
  last: string;
  added: number;
  length: number;
  /** '' when the stream holds no entry. */
  first: string;
  entries: [string, string][];
}

function factsOf(reply: unknown): Facts {
  const [now, last, added, length, first, raw] = reply as [number, string, number, number, string, unknown[]];
  const entries: [string, string][] = [];
  for (const entry of raw) {
    const [id, fields] = entry as [string, string[]];
    const at = fields.indexOf('m');
    if (at !== -1 && at % 2 === 0) entries.push([id, fields[at + 1] as string]);
  }
  return { now: Number(now), last, added: Number(added), length: Number(length), first, entries };
}

/**
 * Where a new subscriber starts: the stream's last id, or, with no stream, just before the
 * current millisecond (the first id Redis can give the stream from now on comes after it).
 */
export function headOf(reply: unknown): string {
  return headOfFacts(factsOf(reply));
}

function headOfFacts(facts: Facts): string {
  return facts.last !== '' ? facts.last : `${facts.now - 1}-${MAX_SEQ}`;
}

/** The entries after `after`, and whether events after it are no longer retained. */
export function pageOf(reply: unknown, after: string, maxAgeMs: number): HistoryPage {
  const facts = factsOf(reply);
  // No stream: it expired (maxAgeMs after its last event) or never was. Only a position older
  // than that may have had events after it. Either way the reader now stands at the head, so a
  // later reconnect does not report the same loss again.
  if (facts.last === '')
    return { entries: [], gap: facts.now - redisIdMs(after) >= maxAgeMs, restart: headOfFacts(facts) };
  // A position this stream never reached: another Redis, or one that lost its data.
  if (compareRedisIds(after, facts.last) > 0) return { entries: [], gap: true, restart: facts.last };
  return { entries: facts.entries, gap: lostAfter(facts, after, maxAgeMs) };
}

/**
 * Trimming takes entries from the front only, so a position at or past the first entry lost
 * nothing. Before it: lost if this stream was ever trimmed (at the very edge, where exactly the
 * position's own event went, this says so without need), or if an earlier stream of the topic
 * may have expired after holding events after it.
 */
function lostAfter(facts: Facts, after: string, maxAgeMs: number): boolean {
  if (facts.first === '') return compareRedisIds(after, facts.last) < 0;
  if (compareRedisIds(after, facts.first) >= 0) return false;
  if (facts.added > facts.length) return true;
  return redisIdMs(facts.first) - redisIdMs(after) >= maxAgeMs;
}
