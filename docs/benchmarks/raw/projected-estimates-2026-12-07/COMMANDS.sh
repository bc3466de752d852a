#!/usr/bin/env bash
# The memory estimates behind docs/benchmarks/scale.md's projected 10M-node table and the products-shape estimate.
# Usage: COMMANDS.sh PROJECT_DIR OUT_DIR
set -euo pipefail
cd "$1"; OUT=$2; mkdir -p "$OUT"
for v in "sign --maxSyntheticNodes 100000" "sign --maxSyntheticNodes 100000 --hops 3" "gcn"; do
  echo "== $v"
  ./graphsha estimate --nodes 10000000 --relationships 1000000000 --features 256 --classes 50 --backbone $v
done > "$OUT/10m-nodes-500m-relationships.txt" 2>&1
for v in "" "--selfTrainingWeight 0"; do
  echo "== sign --maxSyntheticNodes 100000 $v"
  ./graphsha estimate --nodes 2449029 --relationships 123718280 --features 100 --classes 47 --backbone sign \
    --maxSyntheticNodes 100000 $v
done > "$OUT/products-shape.txt" 2>&1
