-- The success-counting script alone (common.lua) on a fixed request: compared with a script-less
-- wrk run on the same path, it shows what the Lua callbacks cost wrk on this box.
dofile(os.getenv("BENCH_DIR") .. "/common.lua")
