#!/usr/bin/env bash
ROOT=$1; OUT=$2; : > "$OUT"; cd "$ROOT"
for d in cora citeseer; do
echo "== $d-LT sign default, 900 epochs" >> "$OUT"
./graphsha bench --dataset $d --setting lt --backbone sign --runs 3 --seed 100 --threads 1 2>&1 | tr '\r' '\n' | grep -E '^run [0-9]+ seed|peak RSS|by phase|^(bAcc|F1|Acc) ' >> "$OUT"
done
