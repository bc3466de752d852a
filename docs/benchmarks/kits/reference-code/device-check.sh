#!/usr/bin/env bash
# Runs on the GPU machine from the kit of make-kit.sh (docs/benchmarks/reference-code.md):
# the top-k tie probe, the LT splits the reference builds on CUDA, then the reference's runs,
# 16 at a time, one CPU thread each. Results under $OUT. JOBS: "Dataset Net Seed" lines.
cd "$(dirname "$0")"
export PYTHONUNBUFFERED=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
nvidia-smi -L
python3 topk-ties.py | tee "$OUT/topk.txt"
for name in Cora CiteSeer; do
  timeout 120 python3 run-reference.py --device cuda:0 --dataset $name --epoch 8 2>>"$OUT/errors.txt" | grep '^{' >> "$OUT/splits.jsonl"
done
python3 compare-split.py "$OUT/splits.jsonl" | tee "$OUT/split-compare.txt"
printf '%s\n' "${JOBS:-CiteSeer GCN 100}" | timeout "${BUDGET:-400}" xargs -P 16 -L 1 bash -c \
  'python3 run-reference.py --device cuda:0 --dataset $0 --net $1 --seed $2 2>>"$OUT/errors.txt" | grep "^{" >> "$OUT/runs.jsonl"'
python3 summarize.py "$OUT/runs.jsonl" | tee "$OUT/summary.txt"
