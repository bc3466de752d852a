#!/usr/bin/env bash
ROOT=$1; OUT=$2; : > "$OUT"
cd "$ROOT"
echo "== cora sign default" >> "$OUT"
./graphsha bench --dataset cora --setting lt --backbone sign --runs 3 --seed 100 --epochs 60 --threads 1 2>&1 | tr '\r' '\n' | grep -E '^run [0-9]+ seed|peak RSS|by phase' >> "$OUT"
echo "== cora sign selfTrainingWeight 0" >> "$OUT"
./graphsha bench --dataset cora --setting lt --backbone sign --runs 3 --seed 100 --epochs 40 --threads 1 --selfTrainingWeight 0 2>&1 | tr '\r' '\n' | grep -E '^run [0-9]+ seed|peak RSS' >> "$OUT"
for m in default vanilla reweight; do
  args=(bench --dataset usergraph --setting holdout --backbone sign --runs 3 --seed 100 --epochs 60 --threads 1)
  [[ $m != default ]] && args+=(--method $m)
  echo "== usergraph sign $m" >> "$OUT"
  ./graphsha "${args[@]}" 2>&1 | tr '\r' '\n' | grep -E '^run [0-9]+ seed' >> "$OUT"
done
