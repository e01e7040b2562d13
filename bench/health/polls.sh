#!/usr/bin/env bash
# Repeated polls of /health with `server.interval`: two porthealth bundles interleaved, plain
# and revalidating (If-None-Match with the last ETag each connection saw, bench/health/etag.lua)
# and, with GZIP=1, with `Accept-Encoding: gzip` too.
# Usage: bench/health/polls.sh BASELINE.js CANDIDATE.js [PAIRS]   (default 3 pairs)
# Each run: a fresh porthealth (the serve task's V8 flags), 1,000 open checks over 10
# listeners, `interval: 2s` (INTERVAL=…), `wrk -t2 -c100 -d${DUR:-5s}` per figure, VmHWM at
# the end. A baseline bundle: check out the old commit, `deno task build:porthealth`, copy
# dist/porthealth.js away.
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BASELINE.js CANDIDATE.js [PAIRS]" >&2; exit 2; }
A=$(readlink -f "$1"); B=$(readlink -f "$2"); N=${3:-3}
cd "$(dirname "$0")/../.."
DENO=${DENO:-$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())' 2>/dev/null)}
FLAGS=$(grep -o '"serve": "[^"]*' deno.json | grep -o -- '--v8-flags=[^ ]*')
PORT=${PORT:-18897}
DUR=${DUR:-5s}
TMP=$(mktemp -d)
"$DENO" run -A bench/health/fixture.ts --out "$TMP/cfg.yaml" --port "$PORT" --checks 1000 --listeners 10 --timeout 1s >"$TMP/fx" &
FX=$!
PH=
trap 'kill $FX $PH 2>/dev/null; rm -rf "$TMP"' EXIT
until grep -q ready "$TMP/fx" 2>/dev/null; do sleep 0.1; done
sed -i "s/^server: { \(.*\) }$/server: { \1, interval: ${INTERVAL:-2s} }/" "$TMP/cfg.yaml"
URL="http://127.0.0.1:$PORT/health"
rps() { wrk -t2 -c100 -d"$DUR" --timeout 10s "$@" | awk '/Requests\/sec/ {r=$2} /^304 responses/ {n=" (" $3 " × 304 of " $5 ")"} END {print r n}'; }
echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); interval ${INTERVAL:-2s}, wrk -t2 -c100 -d$DUR"
for i in $(seq 1 "$N"); do
  for p in "$A" "$B"; do
    "$DENO" run -A $FLAGS "$p" --config "$TMP/cfg.yaml" >"$TMP/log" 2>&1 &
    PH=$!
    until curl -fs "http://127.0.0.1:$PORT/live" >/dev/null 2>&1; do sleep 0.1; done
    until curl -fs -o /dev/null "$URL"; do sleep 0.2; done
    plain=$(rps "$URL")
    inm=$(rps -s bench/health/etag.lua "$URL")
    line="$(basename "$p"): plain ${plain} req/s, If-None-Match ${inm} req/s"
    if [ -n "${GZIP:-}" ]; then
      line+=", gzip $(rps -H 'Accept-Encoding: gzip' "$URL") req/s"
      line+=", gzip+If-None-Match $(rps -H 'Accept-Encoding: gzip' -s bench/health/etag.lua "$URL") req/s"
    fi
    hwm=$(awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$PH/status")
    echo "$line; VmHWM ${hwm} MiB (load $(cut -d' ' -f1 /proc/loadavg))"
    kill "$PH"; wait "$PH" 2>/dev/null; PH=
  done
done
