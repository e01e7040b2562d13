#!/usr/bin/env bash
# Peak RSS and /health throughput of two porthealth programs, interleaved on the same machine.
# Usage: bench/health/rss_ab.sh BASELINE.js CANDIDATE.js [PAIRS]   (default 3 pairs)
# Each run: fresh porthealth (the serve task's V8 flags) against 1,000 checks over 10 listeners,
# `wrk -t2 -c100 -d10s /health`, then VmHWM from /proc/<pid>/status. CACHE=1s or INTERVAL=1s
# (with FXARGS="--timeout 500ms") add server.cache / server.interval to the config.
# A baseline bundle: git stash or checkout the old commit, `deno task build:porthealth`, copy
# dist/porthealth.js away.
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BASELINE.js CANDIDATE.js [PAIRS]" >&2; exit 2; }
A=$(readlink -f "$1"); B=$(readlink -f "$2"); N=${3:-3}
cd "$(dirname "$0")/../.."
DENO=${DENO:-$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())' 2>/dev/null)}
FLAGS=$(grep -o '"serve": "[^"]*' deno.json | grep -o -- '--v8-flags=[^ ]*')
PORT=${PORT:-18898}
TMP=$(mktemp -d)
"$DENO" run -A bench/health/fixture.ts --out "$TMP/cfg.yaml" --port "$PORT" --checks 1000 --listeners 10 ${FXARGS:-} >"$TMP/fx" &
FX=$!
trap 'kill $FX 2>/dev/null; rm -rf "$TMP"' EXIT
until grep -q ready "$TMP/fx" 2>/dev/null; do sleep 0.1; done
[ -n "${CACHE:-}" ] && sed -i "s/^server: { \(.*\) }$/server: { \1, cache: $CACHE }/" "$TMP/cfg.yaml"
[ -n "${INTERVAL:-}" ] && sed -i "s/^server: { \(.*\) }$/server: { \1, interval: $INTERVAL }/" "$TMP/cfg.yaml"
echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); cache=${CACHE:-} interval=${INTERVAL:-}"
for i in $(seq 1 "$N"); do
  for p in "$A" "$B"; do
    "$DENO" run -A $FLAGS "$p" --config "$TMP/cfg.yaml" >"$TMP/log" 2>&1 &
    PH=$!
    until curl -fs "http://127.0.0.1:$PORT/live" >/dev/null 2>&1; do sleep 0.1; done
    idle=$(awk '/VmRSS/ {printf "%.1f", $2/1024}' "/proc/$PH/status")
    rps=$(wrk -t2 -c100 -d10s --timeout 10s "http://127.0.0.1:$PORT/health" | awk '/Requests\/sec/ {print $2}')
    hwm=$(awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$PH/status")
    echo "$(basename "$p"): idle ${idle} MiB, ${rps} req/s, VmHWM ${hwm} MiB (load $(cut -d' ' -f1 /proc/loadavg))"
    kill "$PH"; wait "$PH" 2>/dev/null
  done
done
