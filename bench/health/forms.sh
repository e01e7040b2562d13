#!/usr/bin/env bash
# Peak RSS and /health throughput of every form porthealth ships, in one run, with wrk on
# 127.0.0.1: 1,000 open checks over 10 listeners, on demand (MODE=interval: `interval: 2s`),
# a fresh process per form and round, `wrk -t2 -c100 -d${DUR:-10s} --timeout 10s /health`,
# VmHWM of the serving process from /proc/<pid>/status, ROUNDS rounds (default 2), the forms
# interleaved. Where the form is a JavaScript runtime we can preload into (Deno, Node), the
# highs of its own memory figures too (bench/health/mem_sampler.js): V8 heap committed and
# used, external memory, array buffers.
# SAMPLE=1 preloads the sampler (it costs 3–5 MiB of RSS itself: 70.1 against 67.1–67.4 MiB
# peak for `deno task serve` in one run, so the RSS figures of the table come from runs without).
# Usage: bench/health/forms.sh [FORM...]   (default: serve source binary node)
#   serve   `deno task serve`: the bundle with the serve task's V8 flags
#   source  `deno run -A serve.ts`
#   binary  dist/porthealth (`deno task compile:bun`)
#   node    `node npm/bin/porthealth.js` (`deno task build:npm`, then npm install in npm/)
# and the floors, each runtime's bare server answering a constant body of the same size
# (bench/health/floor.js), under the same load: floor-deno (Deno.serve, the serve task's V8
# flags), floor-node (node:http, with the V8 flag the npm bin sets on itself; FLOOR_NODE_FLAGS=
# for none), floor-bun (Bun.serve, --smol as the binary).
# `forms.sh all`: the three floors and the four forms.
# BUILD=0 skips the builds (dist/porthealth.js, dist/porthealth, npm/ must exist).
set -uo pipefail
cd "$(dirname "$0")/../.."
DENO=${DENO:-$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())' 2>/dev/null)}
DUR=${DUR:-10s}
ROUNDS=${ROUNDS:-2}
PORT=${PORT:-18895}
FORMS=("$@")
[ ${#FORMS[@]} -eq 0 ] && FORMS=(serve source binary node)
[ "${FORMS[*]}" = all ] && FORMS=(floor-deno serve source floor-bun binary floor-node node)
BUN=${BUN:-$(npx -y bun@1.4.5 -e 'console.log(process.execPath)' 2>/dev/null)}
FLAGS=${SERVE_FLAGS:-$(grep -o '"serve": "[^"]*' deno.json | grep -o -- '--v8-flags=[^ ]*')}
TMP=$(mktemp -d)
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null; rm -rf "$TMP"' EXIT
if [ "${BUILD:-1}" != 0 ]; then
  "$DENO" task -q build:porthealth
  for f in "${FORMS[@]}"; do
    [ "$f" = binary ] && "$DENO" task -q compile:bun >/dev/null
    if [ "$f" = node ]; then
      "$DENO" task -q build:npm >/dev/null
      (cd npm && npm install --omit=dev --no-audit --no-fund --no-package-lock --prefer-offline >/dev/null)
    fi
  done
fi
SAMPLER=$PWD/bench/health/mem_sampler.js
PRE=""; REQ=""
[ "${SAMPLE:-0}" = 1 ] && PRE="--preload $SAMPLER" && REQ="--require $SAMPLER"
declare -A CMD=(
  [serve]="$DENO run -A $FLAGS $PRE dist/porthealth.js"
  [source]="$DENO run -A $PRE serve.ts"
  [binary]="dist/porthealth"
  [node]="node ${NODE_FLAGS:-} $REQ npm/bin/porthealth.js"
  [floor-deno]="$DENO run -A $FLAGS $PRE bench/health/floor.js --port $PORT"
  [floor-node]="node ${FLOOR_NODE_FLAGS---semi-space-growth-factor=1} $REQ bench/health/floor.js --port $PORT"
  [floor-bun]="$BUN --smol $PRE bench/health/floor.js --port $PORT"
)
"$DENO" run -A bench/health/fixture.ts --out "$TMP/cfg.yaml" --port "$PORT" --checks 1000 --listeners 10 --timeout 1s >"$TMP/fx" &
PIDS+=($!)
until grep -q ready "$TMP/fx" 2>/dev/null; do sleep 0.1; done
[ "${MODE:-}" = interval ] && sed -i "s/^server: { \(.*\) }$/server: { \1, interval: 2s }/" "$TMP/cfg.yaml"
echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); deno $("$DENO" --version | head -1 | cut -d' ' -f2), node $(node --version), bun $(npx -y bun@1.4.5 --version 2>/dev/null); ${MODE:-on demand}; wrk -t2 -c100 -d$DUR"
mib() { awk -v k="$1" '$1 == k":" {printf "%.1f", $2 / 1024}' "/proc/$2/status"; }
# the serving process: the command's own pid, or its one child (a bin that re-executes itself)
server() { local c; c=$(pgrep -P "$1" | head -1); echo "${c:-$1}"; }
for round in $(seq 1 "$ROUNDS"); do
  for f in "${FORMS[@]}"; do
    rm -f "$TMP/mem.json"
    PORTHEALTH_MEM_OUT=$TMP/mem.json ${CMD[$f]} --config "$TMP/cfg.yaml" >"$TMP/$f.log" 2>&1 &
    P=$!
    until curl -fso /dev/null "http://127.0.0.1:$PORT/live" >/dev/null 2>&1; do sleep 0.1; done
    sleep 1
    S=$(server "$P")
    idle=$(mib VmRSS "$S")
    rps=$(wrk -t2 -c100 -d"$DUR" --timeout 10s "http://127.0.0.1:$PORT/health" | awk '/Requests\/sec/ {print $2}')
    hwm=$(mib VmHWM "$S")
    total=$hwm
    [ "$S" != "$P" ] && total=$(awk -v a="$hwm" -v b="$(mib VmHWM "$P")" 'BEGIN {printf "%.1f", a + b}')
    mem=""
    [ -s "$TMP/mem.json" ] && mem=$(node -e 'const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); const f = (k) => m[k] === undefined ? "–" : (m[k] / 1048576).toFixed(1); console.log(`heap committed ${f("heapTotal")}, heap used ${f("heapUsed")}, external ${f("external")}, array buffers ${f("arrayBuffers")}`)' "$TMP/mem.json")
    echo "round $round $f: idle ${idle} MiB, ${rps} req/s, peak RSS ${hwm} MiB$([ "$S" != "$P" ] && echo " (+ launcher: ${total} MiB together)")${mem:+; highs: $mem} (load $(cut -d' ' -f1 /proc/loadavg))"
    kill "$P" 2>/dev/null; wait "$P" 2>/dev/null
  done
done
