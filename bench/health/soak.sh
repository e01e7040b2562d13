#!/usr/bin/env bash
# porthealth soak and faults under load (see bench/health/soak.ts for what it runs).
# Usage: bench/health/soak.sh [minutes] [extra soak.ts flags, e.g. --mode faults|ulimit]
#   bench/health/soak.sh          # 1 minute of each scenario (faults, then ulimit -n 256)
#   bench/health/soak.sh 10       # 10 minutes each
#   SECONDS_=20 bench/health/soak.sh   # a 20 s smoke run
# Needs wrk (apt-get install -y wrk). Exit status 0 when every scenario passes.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "soak.sh: wrk not found (apt-get install -y wrk)" >&2; exit 2; }
DENO=${DENO:-$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())' 2>/dev/null)}
MIN=${1:-1}
[ $# -gt 0 ] && shift
if [ -n "${SECONDS_:-}" ]; then
  exec "$DENO" run -A bench/health/soak.ts --seconds "$SECONDS_" "$@"
fi
exec "$DENO" run -A bench/health/soak.ts --minutes "$MIN" "$@"
