#!/usr/bin/env bash
# The job of ../spark-arxiv-2026-12-07/COMMANDS.sh with a GC log (gc-runs.txt). The measured runs ended after the
# job: the checks that follow it did not run.
# Usage: COMMANDS-gc.sh PROJECT_DIR HOME_DIR OUT_DIR
set -euo pipefail
mkdir -p "$3"
JOB_JAVA_OPTS="-Xlog:gc:file=$(cd "$3" && pwd)/gc.log" exec "$(dirname "$0")/../spark-arxiv-2026-12-07/COMMANDS.sh" "$@"
