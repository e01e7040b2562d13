#!/usr/bin/env bash
# /live of porthealth against a bare Deno.serve answering "OK" (the machine's ceiling), in one
# run: PAIRS pairs (default 6), each a `wrk -t2 -c100 -d${DUR:-4s}` on one server then the
# other, the order alternating (ABBA…) so that drift hits both alike; prints each pair's ratio
# and their median. Under other load the throughput swings with the machine; the server's own
# CPU time per request (utime + stime from /proc/<pid>/stat over the run, divided by the
# requests wrk counted) swings far less, so it is printed as a second ratio (bare / porthealth:
# above 1 means porthealth spends less CPU per answer). Usage: bench/health/live.sh [PAIRS] [PROGRAM]   (default the serve task's
# bundle, dist/porthealth.js, built first; PROGRAM=serve.ts for the source)
set -uo pipefail
cd "$(dirname "$0")/../.."
DENO=${DENO:-$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())' 2>/dev/null)}
N=${1:-6}
PROGRAM=${2:-dist/porthealth.js}
DUR=${DUR:-4s}
PORT=${PORT:-18893}
FLAGS=$(grep -o '"serve": "[^"]*' deno.json | grep -o -- '--v8-flags=[^ ]*')
TMP=$(mktemp -d)
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null; rm -rf "$TMP"' EXIT
[ "$PROGRAM" = dist/porthealth.js ] && "$DENO" task -q build:porthealth
printf 'server: { host: 127.0.0.1, port: %s }\nchecks:\n  - { host: 127.0.0.1, port: 1 }\n' "$PORT" >"$TMP/cfg.yaml"
"$DENO" run -A $FLAGS "$PROGRAM" --config "$TMP/cfg.yaml" >"$TMP/log" &
PH=$!; PIDS+=($!)
"$DENO" run -A $FLAGS - <<<"Deno.serve({ hostname: '127.0.0.1', port: $((PORT + 1)), onListen() {} }, () => new Response('OK'))" &
BARE=$!; PIDS+=($!)
until curl -fs "http://127.0.0.1:$PORT/live" >/dev/null 2>&1 && curl -fs "http://127.0.0.1:$((PORT + 1))/" >/dev/null 2>&1; do sleep 0.1; done
rps() { wrk -t2 -c100 -d"$DUR" "$1" | awk '/Requests\/sec/ {print $2}'; }
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# run <pid> <url>: "<req/s> <CPU µs per request>"
run() {
  local t0; t0=$(ticks "$1")
  wrk -t2 -c100 -d"$DUR" "$2" >"$TMP/w"
  local t1; t1=$(ticks "$1")
  awk -v t="$((t1 - t0))" -v hz="$(getconf CLK_TCK)" '/requests in/ {n=$1} /Requests\/sec/ {r=$2} END {printf "%s %.2f", r, t / hz * 1e6 / n}' "$TMP/w"
}
# warm both up
rps "http://127.0.0.1:$PORT/live" >/dev/null; rps "http://127.0.0.1:$((PORT + 1))/live" >/dev/null
echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $PROGRAM with $FLAGS; wrk -t2 -c100 -d$DUR"
ratios=(); cpus=()
for i in $(seq 1 "$N"); do
  if [ $((i % 2)) = 1 ]; then
    read -r b bc <<<"$(run "$BARE" "http://127.0.0.1:$((PORT + 1))/live")"; read -r l lc <<<"$(run "$PH" "http://127.0.0.1:$PORT/live")"
  else
    read -r l lc <<<"$(run "$PH" "http://127.0.0.1:$PORT/live")"; read -r b bc <<<"$(run "$BARE" "http://127.0.0.1:$((PORT + 1))/live")"
  fi
  r=$(awk -v l="$l" -v b="$b" 'BEGIN {printf "%.3f", l / b}')
  c=$(awk -v l="$lc" -v b="$bc" 'BEGIN {printf "%.3f", b / l}')
  ratios+=("$r"); cpus+=("$c")
  echo "pair $i: bare Deno.serve $b req/s ($bc µs CPU each), porthealth /live $l req/s ($lc µs CPU each); ratio $r, CPU ratio $c"
done
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
echo "median CPU ratio (bare CPU per answer / porthealth's): $(med "${cpus[@]}")"
echo "median ratio porthealth /live / bare Deno.serve: $(med "${ratios[@]}") (load average $(cut -d' ' -f1 /proc/loadavg))"
