#!/usr/bin/env bash
# usage: COMMANDS-bat.sh ROOT OUTFILE -- same-seed logits hashes with BAT's virtual class nodes (with and without self-training)
set -u
ROOT=$1; OUT=$2; : > "$OUT"
run() { echo "== $*" >> "$OUT"; (cd "$ROOT" && ./graphsha bench --dataset cora --setting lt --backbone gcn --runs 2 --seed 100 --threads 1 "$@" 2>&1 | grep -E '^run [0-9]+ seed|rror') >> "$OUT"; }
run --epochs 40 --virtualClassNodes bat1
run --epochs 30 --method tam --virtualClassNodes bat0
run --epochs 30 --method vanilla --virtualClassNodes bat1 --selfTrainingWeight 1 --selfTrainingWarmup 5
