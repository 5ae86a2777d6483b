-- Token logins cycling over pre-created sessions ("device token" per line in BENCH_SESSIONS).
dofile(os.getenv("BENCH_DIR") .. "/common.lua")
local sessions = load_sessions()
local i = 0
request = function()
   i = i % #sessions + 1
   local s = sessions[i]
   return wrk.format("POST", os.getenv("BENCH_PATH") .. "/login/token",
      { ["X-TCGB-Device-Id"] = s[1], ["Authorization"] = "Bearer " .. s[2] }, nil)
end
