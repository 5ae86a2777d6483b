-- The peers' mix (docs/BENCHMARKS.md, "Harness CPU"): guest logins from new devices, token logins
-- and own-member reads over pre-created sessions ("device token" per line in BENCH_SESSIONS),
-- 4 : 3 : 3. No checks beyond counting successful answers.
dofile(os.getenv("BENCH_DIR") .. "/common.lua")
local sessions = load_sessions()
local n = 0
local prefix = os.getenv("BENCH_PREFIX") or "b"
request = function()
   n = n + 1
   local k = n % 10
   if k < 4 then
      return wrk.format("POST", os.getenv("BENCH_PATH") .. "/login",
         { ["Content-Type"] = "application/json", ["X-TCGB-Device-Id"] = prefix .. "-g" .. tid .. "-" .. n },
         '{"idPCode":"guest"}')
   end
   local s = sessions[n % #sessions + 1]
   if k < 7 then
      return wrk.format("POST", os.getenv("BENCH_PATH") .. "/login/token",
         { ["X-TCGB-Device-Id"] = s[1], ["Authorization"] = "Bearer " .. s[2] }, nil)
   end
   return wrk.format("GET", os.getenv("BENCH_PATH") .. "/member",
      { ["X-TCGB-Device-Id"] = s[1], ["Authorization"] = "Bearer " .. s[2] }, nil)
end
