#!/usr/bin/env bash
# Runs one mcpact build on the servers of servers.json, offline, the way docs/verdict-truth.md measures them.
# Usage: scripts/verdict-practice/run.sh MCPACT_ROOT OUT_DIR [NAME...]
#   MCPACT_ROOT  a built checkout (its dist/bin/mcpact.js runs); OUT_DIR gets <name>.json, .trace, .out, .rc, .cmd
# Settings: SERVERS (the list, default servers.json beside this script), H30M_CACHE (install folders, default /tmp/h30m), OFFLINE_GUARD (default ../shared/tools/offline-guard.cjs
# beside the project), TIMEOUT (seconds per server, default 240). Not part of npm test: it needs the installs.
# A server with "pypi": its "requirements" (exact pins) go into a venv at $H30M_CACHE/<name>; it runs, with mcpact,
# under `unshare -rn` (a network namespace with only loopback), since the offline guard only covers Node. A server
# with "cargo": `cargo install --locked` of its exact version into $H30M_CACHE/<name>, run the same way.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$1" && pwd); out=$(mkdir -p "$2" && cd "$2" && pwd); shift 2
cache=${H30M_CACHE:-/tmp/h30m}
guard=${OFFLINE_GUARD:-$(cd "$here/../.." && pwd)/../shared/tools/offline-guard.cjs}
timeout_s=${TIMEOUT:-240}
list=${SERVERS:-$here/servers.json}
names=("$@"); [ ${#names[@]} -gt 0 ] || mapfile -t names < <(jq -r '.servers[].name' "$list")
before_all=$(jq -r '.before' "$list")
for name in "${names[@]}"; do
  s=$(jq -c --arg n "$name" '.servers[] | select(.name == $n)' "$list")
  [ -n "$s" ] || { echo "unknown server: $name" >&2; exit 2; }
  prefix="$cache/$name"; scratch="$out/work/$name"
  before=$(jq -r --arg b "$before_all" '.before // $b' <<<"$s")
  netns=()
  if [ "$(jq -r '.cargo // false' <<<"$s")" = true ]; then
    bin="$prefix/bin/$(jq -r .bin <<<"$s")"
    if [ ! -x "$bin" ]; then
      cargo install --locked --version "$(jq -r .version <<<"$s")" --root "$prefix" -j 2 "$(jq -r .package <<<"$s")" \
        >"$out/$name.install.log" 2>&1
    fi
    netns=(unshare -rn sh -c 'ip link set lo up 2>/dev/null; exec "$@"' sh)
  elif [ "$(jq -r '.pypi // false' <<<"$s")" = true ]; then
    bin="$prefix/bin/$(jq -r .bin <<<"$s")"
    if [ ! -x "$bin" ]; then
      { python3 -m venv "$prefix" && jq -r '.requirements[]' <<<"$s" >"$prefix/requirements.txt" &&
        "$prefix/bin/pip" install --no-deps -r "$prefix/requirements.txt"; } >"$out/$name.install.log" 2>&1
    fi
    netns=(unshare -rn sh -c 'ip link set lo up 2>/dev/null; exec "$@"' sh)
  else
    bin="$prefix/node_modules/.bin/$(jq -r .bin <<<"$s")"
    if [ ! -x "$bin" ]; then
      npm install --ignore-scripts --no-audit --no-fund --before="$before" --prefix "$prefix" \
        "$(jq -r '.package + "@" + .version' <<<"$s")" >"$out/$name.install.log" 2>&1
    fi
  fi
  rm -rf "$scratch"; mkdir -p "$scratch"
  redis_pid=""; redis_port=""
  if [ "$(jq -r '.redis // false' <<<"$s")" = true ]; then
    redis_port=$((20000 + RANDOM % 20000))
    redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$scratch" >/dev/null &
    redis_pid=$!; sleep 0.5
  fi
  expand() { sed -e "s#{prefix}#$prefix#g" -e "s#{scratch}#$scratch#g" -e "s#{redisPort}#$redis_port#g"; }
  while IFS=$'\t' read -r file text; do
    mkdir -p "$(dirname "$scratch/$file")"; printf '%s' "$text" | expand >"$scratch/$file"
  done \
    < <(jq -r '(.files // {}) | to_entries[] | [.key, .value] | @tsv' <<<"$s")
  mapfile -t envs < <(jq -r '.env | to_entries[] | "\(.key)=\(.value)"' <<<"$s" | expand)
  mapfile -t args < <(jq -r '.args[]' <<<"$s" | expand)
  cmd=("${netns[@]}" node "$root/dist/bin/mcpact.js" run --reporter "json:$out/$name.json" --trace "$out/$name.trace" --
    env -C "$scratch" "NODE_OPTIONS=--require=$guard" "${envs[@]}" "$bin" "${args[@]}")
  printf '%q ' "${cmd[@]}" >"$out/$name.cmd"; echo >>"$out/$name.cmd"
  start=$(date +%s)
  set +e; (cd "$scratch" && timeout "$timeout_s" "${cmd[@]}") >"$out/$name.out" 2>&1; rc=$?; set -e
  echo "$rc" >"$out/$name.rc"
  [ -z "$redis_pid" ] || kill "$redis_pid" 2>/dev/null || true
  counts=$(jq -r '[.servers[0].findings[]?.severity] | "E\(map(select(.=="error"))|length) W\(map(select(.=="warning"))|length) I\(map(select(.=="info"))|length)"' "$out/$name.json" 2>/dev/null || echo "no report")
  echo "$name rc=$rc $(( $(date +%s) - start ))s $counts"
done
