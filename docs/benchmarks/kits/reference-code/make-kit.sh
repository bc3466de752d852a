#!/usr/bin/env bash
# Assembles .reference-kit/ (git-ignored, a few MB) for a machine without network: the reference
# checkout, these scripts, the pinned training ids and the dataset files.
#   docs/benchmarks/kits/reference-code/make-kit.sh REFERENCE_CHECKOUT [DATASETS_DIR (default ../shared/datasets)]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
REFERENCE="${1:?usage: make-kit.sh REFERENCE_CHECKOUT [DATASETS_DIR]}"
DATASETS="${2:-$ROOT/../shared/datasets}"
KIT="$ROOT/.reference-kit"
rm -rf "$KIT" && mkdir -p "$KIT/ref" "$KIT/data" "$KIT/resources"
(cd "$REFERENCE" && cp -r ./*.py nets "$KIT/ref/")
cp -r "$ROOT/docs/benchmarks/kits/reference-code/." "$KIT/"
cp "$ROOT"/src/test/resources/org/graphsha/data/reference-train-*.txt "$KIT/resources/"
for name in cora citeseer photo computers cs; do
  [[ -d "$DATASETS/$name" ]] && cp -r "$DATASETS/$name" "$KIT/data/"
done
du -sh "$KIT"
