#!/usr/bin/env bash
# npm start: set up on first run, then serve Rostrum on the embedded default (PGlite under
# ./data, local media, outbox mail) with demo data on an empty database.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh start
exec node apps/server/dist/main.js --seed-demo
