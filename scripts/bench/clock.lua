-- GET …/tcgb-test/v1/apps/gbfuzz/clock: a secret-key check and a small answer, no database.
dofile(os.getenv("BENCH_DIR") .. "/common.lua")
wrk.method = "GET"
wrk.path = "/tcgb-test/v1/apps/gbfuzz/clock"
wrk.headers["X-Secret-Key"] = "gbfuzz-secret-key"
