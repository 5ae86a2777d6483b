-- Guest logins, each from a new device (so each creates a user).
dofile(os.getenv("BENCH_DIR") .. "/common.lua")
local n = 0
local prefix = os.getenv("BENCH_PREFIX") or "b"
request = function()
   n = n + 1
   return wrk.format("POST", os.getenv("BENCH_PATH") .. "/login",
      { ["Content-Type"] = "application/json", ["X-TCGB-Device-Id"] = prefix .. "-g" .. tid .. "-" .. n },
      '{"idPCode":"guest"}')
end
