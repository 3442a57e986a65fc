#!/usr/bin/env bash
# npm run bench: every benchmark, each printing a table. Targets live here, not in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# Node.js 22 first on PATH (fetched into .tools/node on an older machine): the benchmarks run on it.
source scripts/node-env.sh
bash scripts/setup.sh bench
npm run bench -w @rostrum/analysis --silent
node apps/server/dist/bench/pipeline.bench.js
node apps/server/dist/bench/sign-in.bench.js
node apps/server/dist/bench/dashboards.bench.js
node apps/server/dist/bench/static.bench.js
node apps/server/dist/bench/load.bench.js
