# Second, short batch (2026-11-28): the kNN half of batch1-commands.sh's part 2, whose files did not come back
# (8 files at most). Five processes, one seed each, paired with the confidence runs of the first batch.
D="$KIT/datasets"
PAPER="--method graphsha --synthesisTarget mean --selfTrainingWeight 0"
KNN="--hardness knn --hardnessNeighbours 10"
J="/tmp/k/jre/bin/java -Xmx8g -XX:ParallelGCThreads=1 -Djna.library.path=/tmp/cudart -Dgraphsha.root=$ROOT -cp $CP org.graphsha.tools.cli.Main"
CS="bench --dataset cs --setting step --backbone sage --device gpu --datasets $D --epochs 900"
for s in 100 102 104 106 108; do
  ( timeout 300 $J $CS $PAPER $KNN --seed $s --runs 1 2>&1 | tr '\r' '\n' | grep -a -v "ETA\|^\s*$" > "$OUT/knn-$s.txt" ) &
done
wait
