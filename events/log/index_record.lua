-- Put one game in the lobby's lists of its ruleset and current status, and out of the
-- lists of every other status (events/index.py, GameIndex.record): one step, one round trip.
-- Every key shares the hash tag {index}: one Redis Cluster slot.
--
-- KEYS[1]  <prefix>:{index}:all
-- KEYS[2]  <prefix>:{index}:ruleset:<ruleset>
-- then, for each status in events.meta.STATUSES order, two keys:
--          <prefix>:{index}:status:<status>, <prefix>:{index}:status:<status>:ruleset:<ruleset>
-- ARGV[1]  the member ("<created ms, 13 digits>:<game id>")
-- ARGV[2]  the position (1-based) of the game's status among those pairs
local member = ARGV[1]
local current = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], 0, member)
redis.call('ZADD', KEYS[2], 0, member)
for pair = 1, (#KEYS - 2) / 2 do
  local by_status, by_both = KEYS[2 * pair + 1], KEYS[2 * pair + 2]
  if pair == current then
    redis.call('ZADD', by_status, 0, member)
    redis.call('ZADD', by_both, 0, member)
  else
    redis.call('ZREM', by_status, member)
    redis.call('ZREM', by_both, member)
  end
end
return 1
