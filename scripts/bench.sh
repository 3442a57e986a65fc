#!/usr/bin/env bash
# npm run bench: every benchmark, each printing a table. Targets live here, not in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh bench
npm run bench -w @rostrum/analysis --silent
node apps/server/dist/bench/pipeline.bench.js
node apps/server/dist/bench/sign-in.bench.js
