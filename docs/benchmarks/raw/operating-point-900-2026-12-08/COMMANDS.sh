#!/usr/bin/env bash
# The operating-point bench at the default 900 epochs, 5 seeds, one intra-op thread; run from the repository root.
R=balanced,prior,macroF1,targetPrecision:0.5,targetRecall:0.8
for h in 0.3 0.7; do for rate in 0.01 0.03; do
  U="--dataset usergraph --setting holdout --user-shape fraud --user-nodes 3000 --runs 5 --seed 100 --threads 1 --user-positive-rate $rate --user-homophily $h"
  ./graphsha bench $U --decision-rules $R > h$h-rate$rate-default.txt
  for m in vanilla reweight tam; do ./graphsha bench $U --method $m > h$h-rate$rate-$m.txt; done
done; done
U="--dataset usergraph --setting holdout --runs 5 --seed 100 --threads 1"     # the multi-class shape
./graphsha bench $U --decision-rules balanced,prior,macroF1 > multi-default.txt
for m in vanilla reweight tam; do ./graphsha bench $U --method $m > multi-$m.txt; done
