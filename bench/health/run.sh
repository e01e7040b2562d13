#!/usr/bin/env bash
# porthealth benchmark with wrk on 127.0.0.1. Usage: bench/health/run.sh [quick]
# Needs wrk (apt-get install -y wrk) and curl. Prints the figures recorded in RESULTS.md.
# "quick" shortens every run (5 s, 20 s soak) for a smoke test.
set -euo pipefail
cd "$(dirname "$0")/../.."
DENO=${DENO:-$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())' 2>/dev/null)}
DUR=${DUR:-10s}
SOAK=${SOAK:-60}
if [ "${1:-}" = quick ]; then DUR=5s; SOAK=20; fi
PORT=${PORT:-18888}
# What porthealth runs as: the bundle and V8 flags of `deno task serve` / `deno task compile`.
PH_FLAGS=${PH_FLAGS:-$(grep -o '"serve": "[^"]*' deno.json | grep -o -- '--v8-flags=[^ ]*')}
PH_PROGRAM=${PH_PROGRAM:-dist/porthealth.js}
TMP=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT

rss() { awk '/VmRSS|VmHWM/ {printf "%s %.1f MiB  ", $1, $2/1024}' "/proc/$1/status"; echo; }
rps() { wrk "$@" | awk '/Requests\/sec/ {print $2}'; }

# start <name> <fixture args...>: fixture + porthealth, sets PH (porthealth pid)
start() {
  local name=$1; shift
  "$DENO" run -A bench/health/fixture.ts --out "$TMP/$name.yaml" --port "$PORT" "$@" >"$TMP/$name.fixture" &
  FX=$!; PIDS+=("$FX")
  until grep -q ready "$TMP/$name.fixture" 2>/dev/null; do sleep 0.1; done
  [ -n "${CACHE:-}" ] && sed -i "s/^server: { \(.*\) }$/server: { \1, cache: $CACHE }/" "$TMP/$name.yaml"
  [ -n "${INTERVAL:-}" ] && sed -i "s/^server: { \(.*\) }$/server: { \1, interval: $INTERVAL }/" "$TMP/$name.yaml"
  "$DENO" run -A $PH_FLAGS "$PH_PROGRAM" --config "$TMP/$name.yaml" >"$TMP/$name.log" &
  PH=$!; PIDS+=("$PH")
  until curl -fs "http://127.0.0.1:$PORT/live" >/dev/null 2>&1; do sleep 0.1; done
}
stop() { kill "$PH" "$FX"; wait "$PH" "$FX" 2>/dev/null || true; }

[ "$PH_PROGRAM" = dist/porthealth.js ] && "$DENO" task -q build:porthealth
echo "== machine: $(nproc) cores, $(uname -sr), deno $("$DENO" --version | head -1 | cut -d' ' -f2), $(wrk -v 2>&1 | head -1 | cut -d' ' -f1-2)"

echo "== load average now: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews every figure)"

echo; echo "== /live against a bare Deno.serve returning OK (the machine's ceiling), same run"
"$DENO" eval 'Deno.serve({ hostname: "127.0.0.1", port: '"$((PORT + 1))"', onListen() {} }, () => new Response("OK"))' &
B=$!; PIDS+=("$B")
until curl -fs "http://127.0.0.1:$((PORT + 1))/" >/dev/null 2>&1; do sleep 0.1; done
start live --checks 1 --listeners 1
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
echo "-- one after the other, wrk -t2 -c100 -d$DUR, alternating twice"
for i in 1 2; do
  bare=$(rps -t2 -c100 -d"$DUR" "http://127.0.0.1:$((PORT + 1))/")
  live=$(rps -t2 -c100 -d"$DUR" "http://127.0.0.1:$PORT/live")
  echo "bare Deno.serve: $bare req/s   porthealth /live: $live req/s   ratio $(ratio "$live" "$bare")"
done
# Other work on the machine changes its speed from one 10 s run to the next; loading both at
# the same moment gives both the same machine.
echo "-- at the same time, wrk -t1 -c50 -d$DUR on each, three times"
for i in 1 2 3; do
  wrk -t1 -c50 -d"$DUR" "http://127.0.0.1:$((PORT + 1))/" >"$TMP/bare.wrk" &
  W1=$!
  wrk -t1 -c50 -d"$DUR" "http://127.0.0.1:$PORT/live" >"$TMP/live.wrk" &
  W2=$!
  wait "$W1" "$W2"
  bare=$(awk '/Requests\/sec/ {print $2}' "$TMP/bare.wrk")
  live=$(awk '/Requests\/sec/ {print $2}' "$TMP/live.wrk")
  echo "bare Deno.serve: $bare req/s   porthealth /live: $live req/s   ratio $(ratio "$live" "$bare")"
done
echo "RSS: $(rss "$PH")"
stop
kill "$B"; wait "$B" 2>/dev/null || true

echo; echo "== /health with 1,000 open checks (10 listeners)"
start h1000 --checks 1000 --listeners 10
echo "idle RSS: $(rss "$PH")"
echo "one request: $(curl -s -o /dev/null -w '%{http_code} %{time_total}s' "http://127.0.0.1:$PORT/health")"
echo "-- wrk -t1 -c1 -d$DUR"
wrk -t1 -c1 -d"$DUR" --latency --timeout 10s "http://127.0.0.1:$PORT/health" | grep -E "Requests/sec|50%|99%|errors|Non-2xx"
echo "-- wrk -t2 -c100 -d$DUR"
wrk -t2 -c100 -d"$DUR" --latency --timeout 10s "http://127.0.0.1:$PORT/health" | grep -E "Requests/sec|50%|99%|errors|Non-2xx"
echo "RSS: $(rss "$PH")"
stop

echo; echo "== /health with 1,000 open checks and server.cache: 1s, wrk -t2 -c100 -d$DUR"
CACHE=1s start h1000c --checks 1000 --listeners 10
echo "idle RSS: $(rss "$PH")"
wrk -t2 -c100 -d"$DUR" --latency --timeout 10s "http://127.0.0.1:$PORT/health" | grep -E "Requests/sec|50%|99%|errors|Non-2xx"
echo "RSS: $(rss "$PH")"
stop

echo; echo "== /health with 1,000 open checks and server.interval: 1s (timeout 500ms), wrk -t2 -c100 -d$DUR"
INTERVAL=1s start h1000i --checks 1000 --listeners 10 --timeout 500ms
sleep 2
echo "idle RSS: $(rss "$PH")"
wrk -t2 -c100 -d"$DUR" --latency --timeout 10s "http://127.0.0.1:$PORT/health" | grep -E "Requests/sec|50%|99%|errors|Non-2xx"
echo "RSS: $(rss "$PH")"
echo "rounds overrun: $(grep -c ' overrun ' "$TMP/h1000i.log" || true)"
stop

echo; echo "== 10,000 open checks (100 listeners), server.interval: 10s, timeout 2s: 4 rounds, /health at 10 connections meanwhile"
INTERVAL=10s start h10k --checks 10000 --listeners 100 --timeout 2s
wrk -t1 -c10 -d35s --timeout 10s "http://127.0.0.1:$PORT/health" >"$TMP/h10k.wrk" &
W=$!
maxround=0
for t in $(seq 1 35); do
  sleep 1
  r=$(curl -s "http://127.0.0.1:$PORT/metrics" | awk '/^porthealth_round_duration_seconds / {print $2}')
  maxround=$(awk -v a="$maxround" -v b="${r:-0}" 'BEGIN {print (b > a ? b : a)}')
done
wait "$W"
grep -E "Requests/sec|Non-2xx|errors" "$TMP/h10k.wrk" || true
echo "unhealthy checks now: $(curl -s "http://127.0.0.1:$PORT/health" | grep -o '"status":"unhealthy"' | wc -l) (timeouts: $(curl -s "http://127.0.0.1:$PORT/metrics" | grep -c 'error="timeout"'))"
echo "longest round seen: ${maxround}s (interval 10s); rounds overrun: $(grep -c ' overrun ' "$TMP/h10k.log" || true)"
echo "probes: $(curl -s "http://127.0.0.1:$PORT/metrics" | awk '/^porthealth_probe_duration_seconds_count/ {print $2 " (" $2 / 10000 " rounds)"}')"
echo "RSS: $(rss "$PH")"
stop

for k in 1 2 10; do
  echo; echo "== $k silent check(s), timeout 2s"
  start silent$k --checks 0 --silent "$k" --timeout 2s
  for i in 1 2 3; do
    echo "request $i: $(curl -s -o /dev/null -w '%{http_code} %{time_total}s' "http://127.0.0.1:$PORT/health")"
  done
  stop
done

echo; echo "== soak: ${SOAK}s at 256 connections, 1,000 checks over 20 listeners, 5 flapping every 500 ms"
start soak --checks 1000 --listeners 20 --flap 5 --timeout 1s
echo "t=0s RSS: $(rss "$PH")"
wrk -t2 -c256 -d"${SOAK}s" --latency --timeout 10s "http://127.0.0.1:$PORT/health" >"$TMP/soak.wrk" &
W=$!
for t in $(seq 10 10 "$SOAK"); do sleep 10; echo "t=${t}s RSS: $(rss "$PH")"; done
wait "$W"
grep -E "Requests/sec|50%|99%|requests in|errors|Non-2xx" "$TMP/soak.wrk" || true
grep -q "Socket errors" "$TMP/soak.wrk" && echo "FAILED REQUESTS (socket errors above)" || echo "no socket errors"
echo "state changes logged: $(grep -c ' check ' "$TMP/soak.log" || true)"
stop
