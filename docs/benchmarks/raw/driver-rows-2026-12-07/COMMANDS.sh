#!/usr/bin/env bash
# The share of nodes whose hop rows a GraphSHA training on the sign backbone reads (docs/spark.md, "What the driver
# holds"): the training and validation nodes, and every neighbour of a training node outside the largest training
# class, whose edges the warm-up's synthetic nodes copy. PPR-sampled edges after the warm-up read more.
# Usage: COMMANDS.sh PROJECT_DIR  (after ./mvnw package; prints the figures in output.txt)
set -euo pipefail
ROOT=$(cd "$1" && pwd)
CP=$ROOT/target/classes:$(cat "$ROOT/target/launcher-runtime.classpath")
WORK=$(mktemp -d)
javac -cp "$CP" -d "$WORK" "$(dirname "$0")/RowSet.java"
java -Xmx4g -cp "$WORK:$CP" RowSet arxiv
java -Xmx12g -cp "$WORK:$CP" RowSet products
