#!/usr/bin/env bash
# Times the engine's two sparse products with Cora's features (XProduct.java beside this script).
# Usage, from the repository root after ./mvnw -B package -DskipTests: docs/benchmarks/raw/cora-lt-process-2026-12-08/xproduct.sh
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
CP="$(cat target/launcher-provided.classpath):$(cat target/launcher-runtime.classpath):$(ls target/graphsha-*-tools.jar):target/classes"
OUT=$(mktemp -d)
javac -cp "$CP" -d "$OUT" "$HERE/XProduct.java"
java -cp "$OUT:$CP" XProduct 2>&1 | grep -v WARN
