#!/usr/bin/env bash
# Whole-process wall time of one Cora-LT bench run, one process at a time on a quiet 2-core VM.
# Usage: process.sh ROOT OUT
ROOT=$1; OUT=$2; : > "$OUT"
cd "$ROOT"
B="bench --dataset cora --setting lt --runs 1 --seed 100 --threads 1"
run() {
  echo "== $*" >> "$OUT"
  /usr/bin/time -f "wall %e s, user %U s, sys %S s, peak RSS %M KB" ./graphsha $B "$@" 2>&1 | tr '\r' '\n' \
    | grep -E '^diffusion|^run 1 seed|^ms/epoch|by phase|^wall' >> "$OUT"
}
run --backbone sign --epochs 1
run --backbone sign --epochs 1 --concurrency 2
run --backbone sign
run --backbone sign --synthesisTarget mean --selfTrainingWeight 0
run --backbone gcn --synthesisTarget mean --selfTrainingWeight 0
