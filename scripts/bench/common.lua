-- Shared by the bench scripts: per-thread ids and a count of successful answers.
local threads = {}
local counter = 1

function setup(thread)
   thread:set("tid", counter)
   counter = counter + 1
   table.insert(threads, thread)
end

-- The pre-created sessions, {device, token} per line "device token" of the file BENCH_SESSIONS.
function load_sessions()
   local sessions = {}
   for line in io.lines(os.getenv("BENCH_SESSIONS")) do
      local device, token = line:match("(%S+) (%S+)")
      table.insert(sessions, { device, token })
   end
   return sessions
end

ok = 0
function response(status, headers, body)
   if body:find('"isSuccessful":true', 1, true) then ok = ok + 1 end
end

function done(summary, latency, requests)
   local total = 0
   for _, t in ipairs(threads) do total = total + t:get("ok") end
   io.write(string.format("successful answers: %d of %d (%.0f/s)\n", total, summary.requests,
      total / (summary.duration / 1e6)))
end
