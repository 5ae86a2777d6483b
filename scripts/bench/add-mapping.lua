-- Add mappings (plain IdP tokens): each thread walks its share of the pre-created guest sessions,
-- mapping one new account of every IdP type per session before moving on.
dofile(os.getenv("BENCH_DIR") .. "/common.lua")
local codes = { "google", "facebook", "appleid", "iosgamecenter", "payco", "hangame", "twitter", "naver",
   "line", "kakaogame", "weibo", "gpgs_v2", "steam", "epicgames" }
local sessions = {}
local threadCount = tonumber(os.getenv("BENCH_THREADS") or "1")
local n = 0
init = function(args)
   local k = 0
   for line in io.lines(os.getenv("BENCH_SESSIONS")) do
      k = k + 1
      if k % threadCount == tid - 1 then
         local device, token = line:match("(%S+) (%S+)")
         table.insert(sessions, { device, token })
      end
   end
end
request = function()
   n = n + 1
   local s = sessions[math.floor((n - 1) / #codes) % #sessions + 1]
   local code = codes[(n - 1) % #codes + 1]
   return wrk.format("POST", os.getenv("BENCH_PATH") .. "/mappings",
      { ["Content-Type"] = "application/json", ["X-TCGB-Device-Id"] = s[1], ["Authorization"] = "Bearer " .. s[2] },
      '{"idPCode":"' .. code .. '","accessToken":"' .. code .. "-" .. s[1] .. '"}')
end
