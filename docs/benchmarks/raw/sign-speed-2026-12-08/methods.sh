#!/usr/bin/env bash
ROOT=$1; OUT=$2; : > "$OUT"; cd "$ROOT"
for m in ${METHODS:-vanilla reweight pcSoftmax cbLoss focal reNode upsample}; do
  echo "== cora sign $m" >> "$OUT"
  ./graphsha bench --dataset cora --setting lt --backbone sign --method $m --runs 3 --seed 100 --epochs 60 --threads 1 2>&1 | tr '\r' '\n' | grep -E '^run [0-9]+ seed|rror' >> "$OUT"
done
