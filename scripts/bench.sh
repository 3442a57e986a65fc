#!/usr/bin/env bash
# npm run bench: every benchmark, each printing a table. Targets live here, not in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# Node.js 22 first on PATH (fetched into .tools/node on an older machine): the benchmarks run on it.
source scripts/node-env.sh
bash scripts/setup.sh bench
# Every benchmark runs even when an earlier one misses a target; the exit status says if any did.
status=0
run() { "$@" || status=1; }
run npm run bench -w @rostrum/analysis --silent
run node apps/server/dist/bench/pipeline.bench.js
run node apps/server/dist/bench/sign-in.bench.js
run node apps/server/dist/bench/dashboards.bench.js
run node apps/server/dist/bench/static.bench.js
run node apps/server/dist/bench/load.bench.js
run node apps/server/dist/bench/record-to-results.bench.js
run node apps/server/dist/bench/results-page.bench.js
exit $status
