#!/usr/bin/env bash
# usage: sign-hashes.sh ROOT OUTFILE -- same-seed logits of the sign backbone, Cora-LT seeds 100-102, 60 epochs
set -u
ROOT=$1; OUT=$2; : > "$OUT"
for m in vanilla graphsha-noself graphsha; do
  args=(bench --dataset cora --setting lt --backbone sign --runs 3 --seed 100 --epochs 60 --threads 1)
  case $m in vanilla) args+=(--method vanilla);; graphsha-noself) args+=(--method graphsha --selfTrainingWeight 0);; graphsha) args+=(--method graphsha);; esac
  echo "== $m" >> "$OUT"
  (cd "$ROOT" && ./graphsha "${args[@]}" 2>&1 | grep -E '^run [0-9]+ seed' ) >> "$OUT"
done
