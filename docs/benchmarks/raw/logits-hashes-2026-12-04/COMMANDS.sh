#!/usr/bin/env bash
# usage: COMMANDS.sh ROOT OUTFILE  -- same-seed logits hashes before and after the package moves (Cora-LT GCN seeds 100-102, 60 epochs)
set -u
ROOT=$1; OUT=$2; : > "$OUT"
for m in default vanilla tam graphEns graphSmote; do
  args=(bench --dataset cora --setting lt --backbone gcn --runs 3 --seed 100 --epochs 60 --threads 1)
  [[ $m != default ]] && args+=(--method $m)
  echo "== $m" >> "$OUT"
  (cd "$ROOT" && ./graphsha "${args[@]}" 2>&1 | grep -E '^run [0-9]+ seed' ) >> "$OUT"
done
echo "== usergraph default" >> "$OUT"
(cd "$ROOT" && ./graphsha bench --dataset usergraph --setting holdout --runs 3 --seed 100 --epochs 60 --threads 1 2>&1 | grep -E '^run [0-9]+ seed') >> "$OUT"
echo "== cora candidates" >> "$OUT"
(cd "$ROOT" && ./graphsha bench --dataset cora --setting lt --backbone gcn --runs 2 --seed 100 --epochs 40 --threads 1 --candidateMethods graphsha,tam 2>&1 | grep -E '^run [0-9]+ seed') >> "$OUT"
