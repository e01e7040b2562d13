#!/usr/bin/env bash
# The step of the composite action (action.yml): runs $INPUT_RUN with bash under
# `trimlog run`, so the step's log is the reduced one, the raw log is kept, the
# failure goes to the job summary and located errors become annotations.
#
# Inputs (from action.yml, as environment variables, never spliced into code):
#   INPUT_RUN      the command (bash, -e -o pipefail as a `run:` step)
#   INPUT_ARGS     trimlog options before --, split on spaces (e.g. "--max-tokens 4000")
#   INPUT_SUMMARY  "false": no job summary, no annotations (--no-ci-summary)
# TRIMLOG_DENO: a deno binary to use instead of `npx -y deno@2.9.6` (tests, caches).
set -uo pipefail
root="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}"
if [ -z "${INPUT_RUN:-}" ]; then
  echo "trimlog action: the 'run' input is empty" >&2
  exit 2
fi
if [ -n "${TRIMLOG_DENO:-}" ]; then deno=("$TRIMLOG_DENO"); else deno=(npx -y deno@2.9.6); fi
read -r -a extra <<<"${INPUT_ARGS:-}"
if [ "${INPUT_SUMMARY:-true}" = "false" ]; then extra+=(--no-ci-summary); fi
exec "${deno[@]}" run -A --quiet "$root/cli.ts" run --no-telemetry ${extra[@]+"${extra[@]}"} \
  -- bash -eo pipefail -c "$INPUT_RUN"
