-- Conditional, atomic append of one batch of events to a game's stream.
--
-- Called by events.store.EventStore.append (one EVALSHA round trip). All keys
-- belong to one game and share its hash tag, so this runs on Redis Cluster.
--
-- KEYS[1]  the events stream          stranded:{<game>}:events
-- KEYS[2]  the snapshot string        stranded:{<game>}:snapshot
-- KEYS[3]  the meta hash              stranded:{<game>}:meta
-- KEYS[4]  (optional) idempotency key stranded:{<game>}:idem:<key>; KEYS[1] again stands for
--          "no idempotency key" when KEYS[5] follows
-- KEYS[5]  (optional) the checkpoints hash stranded:{<game>}:checkpoints
--
-- ARGV, in order (trailing arguments that are not needed are left out, so a plain
-- command sends two: a short EVALSHA costs the server less to pack):
--   1  expected_version        the version the caller read (0 = empty stream)
--   2  batch                   the events as one JSON array of [e, b] pairs: the
--                              stream-layout-2 field values (events/codec.py),
--                              written as fields e, b in that order
--   3  snapshot                the snapshot text to SET on KEYS[2]; "" or absent: none
--   4  idempotency_ttl_s       seconds the idempotency key lives (with KEYS[4])
--   5  idempotency_tag         what the key is bound to (a digest of the command), stored with it
--   6  checkpoint              (only with KEYS[5]) a snapshot text to HSET on KEYS[5] under the
--                              field given by ARGV[7]
--   7  checkpoint field        (only with KEYS[5])
--   6+ (8+ with KEYS[5]) field, value, ...  meta fields to HSET on KEYS[3] (pairs)
--
-- Replies (an array, first element is the outcome):
--   {1, first, last}    appended versions first..last
--   {0, actual}         conflict: the stream is at `actual`, not expected; nothing written
--   {2, "first,last,tag"} duplicate: the idempotency key already holds that result;
--                       nothing written (checked before the version)
--
-- Entry ids are "<version>-0" computed here from expected_version, so the
-- versions in the stream are consecutive by construction. Streams are never
-- trimmed, so XLEN is the current version. Every check happens before the
-- first write, so an error cannot leave half a batch behind.

local unpack = unpack or table.unpack  -- Lua 5.1 (Redis) and 5.4 (some fakeredis builds)
local events_key = KEYS[1]
local idem_key = KEYS[4]
if idem_key == events_key then
  idem_key = nil
end
local checkpoints_key = KEYS[5]
local meta_from = 6
if checkpoints_key then
  meta_from = 8
end

if idem_key then
  local prior = redis.call('GET', idem_key)
  if prior then
    return {2, prior}
  end
end

local expected = tonumber(ARGV[1])
local actual = redis.call('XLEN', events_key)
if actual ~= expected then
  return {0, actual}
end

-- Parse everything before writing anything.
local batch = cjson.decode(ARGV[2])
local n_events = #batch
local snapshot = ARGV[3]
local n_args = #ARGV
if n_events == 0 or (n_args >= meta_from and (n_args - meta_from + 1) % 2 ~= 0)
    or (checkpoints_key and n_args < 7) then
  return redis.error_reply('append: expected a JSON array of [e, b] pairs, then meta fields in pairs')
end

for e = 1, n_events do
  redis.call('XADD', events_key, (expected + e) .. '-0', 'e', batch[e][1], 'b', batch[e][2])
end

if snapshot and snapshot ~= '' then
  redis.call('SET', KEYS[2], snapshot)
end
if checkpoints_key then
  redis.call('HSET', checkpoints_key, ARGV[7], ARGV[6])
end
if n_args >= meta_from then
  redis.call('HSET', KEYS[3], unpack(ARGV, meta_from, n_args))
end

local first = expected + 1
local last = expected + n_events
if idem_key then
  redis.call('SET', idem_key, first .. ',' .. last .. ',' .. ARGV[5], 'EX', tonumber(ARGV[4]))
end
return {1, first, last}
