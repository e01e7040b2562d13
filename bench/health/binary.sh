#!/usr/bin/env bash
# The single executable (deno task compile:bun) beside `deno task serve`, in one run, with
# wrk on 127.0.0.1. Usage: bench/health/binary.sh [quick]   (needs wrk, curl, hyperfine)
# Both programs answer the same fixtures one after the other, ROUNDS times alternately:
# /live with 1 check, and /health with 1,000 open checks probed on every request.
set -euo pipefail
cd "$(dirname "$0")/../.."
DENO=${DENO:-$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())' 2>/dev/null)}
DUR=${DUR:-10s}
ROUNDS=${ROUNDS:-2}
if [ "${1:-}" = quick ]; then DUR=3s; ROUNDS=1; fi
PORT=${PORT:-18898}
PH_FLAGS=$(grep -o '"serve": "[^"]*' deno.json | grep -o -- '--v8-flags=[^ ]*')
TMP=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT

"$DENO" task -q build:porthealth
"$DENO" task -q compile:bun >/dev/null
declare -A CMD=(
  [serve]="$DENO run -A $PH_FLAGS dist/porthealth.js"
  [binary]="dist/porthealth"
)
rss() { awk '/VmRSS/ {printf "%.1f", $2/1024}' "/proc/$1/status"; }
hwm() { awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$1/status"; }

echo "== machine: $(nproc) cores, $(uname -sr), deno $("$DENO" --version | head -1 | cut -d' ' -f2), bun $(npx -y bun@1.4.5 --version)"
echo "== load average now: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews every figure)"
echo "== dist/porthealth: $(stat -c %s dist/porthealth) bytes; dist/trimlog: $(stat -c %s dist/trimlog) bytes"

echo; echo "== start-up to exit: --version (hyperfine -N --warmup 3)"
hyperfine -N --warmup 3 --runs 20 --style basic \
  "dist/porthealth --version" "$DENO run -A $PH_FLAGS dist/porthealth.js --version" \
  "dist/trimlog --version" "$DENO run -A cli.ts --version" 2>&1 | grep -E "^Benchmark|Time \(mean"

# fixture <name> <args...>: the targets and a config; sets FX
fixture() {
  local name=$1; shift
  "$DENO" run -A bench/health/fixture.ts --out "$TMP/$name.yaml" --port "$PORT" "$@" >"$TMP/$name.fixture" &
  FX=$!; PIDS+=("$FX")
  until grep -q ready "$TMP/$name.fixture" 2>/dev/null; do sleep 0.1; done
}
# start <program> <config>: sets PH, and MS to the milliseconds to the first /live answer
start() {
  local t0; t0=$(date +%s%N)
  ${CMD[$1]} --config "$2" >"$TMP/$1.log" &
  PH=$!; PIDS+=("$PH")
  until curl -fs "http://127.0.0.1:$PORT/live" >/dev/null 2>&1; do sleep 0.005; done
  MS=$(( ($(date +%s%N) - t0) / 1000000 ))
}
stop() { kill "$PH"; wait "$PH" 2>/dev/null || true; }

fixture live --checks 1 --listeners 1
fixture h1000 --checks 1000 --listeners 10
for round in $(seq 1 "$ROUNDS"); do
  for prog in serve binary; do
    echo; echo "== round $round: $prog (${CMD[$prog]})"
    start "$prog" "$TMP/live.yaml"
    echo "first /live answer after ${MS} ms; idle RSS $(rss "$PH") MB"
    echo "-- /live, wrk -t2 -c100 -d$DUR"
    wrk -t2 -c100 -d"$DUR" --latency "http://127.0.0.1:$PORT/live" | grep -E "Requests/sec|50%|99%|errors|Non-2xx" || true
    echo "RSS $(rss "$PH") MB, peak $(hwm "$PH") MB"
    stop
    start "$prog" "$TMP/h1000.yaml"
    echo "-- /health, 1,000 checks, on demand: idle RSS $(rss "$PH") MB; wrk -t2 -c100 -d$DUR"
    wrk -t2 -c100 -d"$DUR" --latency --timeout 10s "http://127.0.0.1:$PORT/health" | grep -E "Requests/sec|50%|99%|errors|Non-2xx" || true
    echo "RSS $(rss "$PH") MB, peak $(hwm "$PH") MB"
    stop
  done
done
