# Sourced by run-gpu-bench.sh on the GPU machine (2026-11-28). Part 1 times the default against the
# paper's GraphSHA, alone on the machine. Part 2 runs CS-ST SAGE with the appendix's kNN hardness against
# the confidence hardness (paper's GraphSHA otherwise), paired by seed, and kNN on top of the default:
# 12 processes sharing the GPU, each writing its own file under $OUT so that what finished comes back.
D="$KIT/datasets"
DEV="${DEV:-gpu}"
PAPER="--method graphsha --synthesisTarget mean --selfTrainingWeight 0"
KNN="--hardness knn --hardnessNeighbours 10"
T=90 gs bench --dataset cora --setting lt --backbone gcn --runs 1 --epochs ${EP:-200} --device $DEV --datasets "$D" | tee /tmp/smoke
grep -q "device $DEV" /tmp/smoke || { stamp smoke failed: no $DEV; exit 5; }
T=60 gs bench --dataset cora --setting lt --backbone gcn $PAPER --runs 1 --epochs ${EP:-200} --device $DEV --datasets "$D"
T=90 gs bench --dataset cs --setting step --backbone sage --runs 1 --epochs ${EP:-60} --device $DEV --datasets "$D"
T=90 gs bench --dataset cs --setting step --backbone sage $PAPER --runs 1 --epochs ${EP:-60} --device $DEV --datasets "$D"
stamp part 2
J="/tmp/k/jre/bin/java -Xmx8g -XX:ParallelGCThreads=1 -Djna.library.path=/tmp/cudart -Dgraphsha.root=$ROOT -cp $CP org.graphsha.tools.cli.Main"
CS="bench --dataset cs --setting step --backbone sage --device $DEV --datasets $D --epochs ${EP:-900}"
cs() { local name=$1; shift; timeout 400 $J $CS "$@" 2>&1 | tr '\r' '\n' | grep -a -v "ETA\|^\s*$" > "$OUT/parts/$name.txt"; }
mkdir -p "$OUT/parts"
for s in 100 102 104 106 108; do
  cs knn-$s $PAPER $KNN --seed $s --runs 2 &
  cs conf-$s $PAPER --seed $s --runs 2 &
done
cs default-100 --seed 100 --runs 2 &
cs default-knn-100 $KNN --seed 100 --runs 2 &
wait
stamp part 2 done
for f in "$OUT"/parts/*.txt; do echo "### $(basename $f)"; cat "$f"; done > "$OUT/cs-knn.txt"
rm -rf "$OUT/parts"
