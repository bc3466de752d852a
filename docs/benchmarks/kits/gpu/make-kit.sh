#!/usr/bin/env bash
# Assembles .gpu/kit: everything `bench` needs on a GPU machine that has a CUDA PyTorch (Python wheel)
# but no network and no Java: a jlinked Java 17 runtime, the compiled classes, the runtime jars without
# the 110 MB CPU natives, and DJL 0.33.0's PyTorch JNI sources, which run-gpu-bench.sh compiles there
# against that PyTorch. About 29 MB, under the device tool's 64 MiB carry limit.
# Usage (repository root): docs/benchmarks/kits/gpu/make-kit.sh [DJL_GIT_DIR]   (default: clones DJL v0.33.0 from GitHub)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../../../.." && pwd)"
KIT="$ROOT/.gpu/kit"
DJL_TAG=v0.33.0
"$ROOT/mvnw" -q -B -f "$ROOT/pom.xml" package -DskipTests
rm -rf "$KIT" && mkdir -p "$KIT/lib" "$KIT/jni" "$KIT/djlnative/include" "$KIT/djlnative/utils/djl"
grep -qx '/.gpu/' "$ROOT/.git/info/exclude" 2>/dev/null || echo '/.gpu/' >> "$ROOT/.git/info/exclude"

tmp=$(mktemp -d)
jlink --add-modules java.base,java.compiler,java.desktop,java.sql,jdk.management,java.logging,jdk.unsupported,java.naming,java.management \
  --strip-debug --no-header-files --no-man-pages --output "$tmp/jre"
tar -C "$tmp" -cJf "$KIT/jre.tar.xz" jre
jdk="$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")"
cp "$jdk/include/jni.h" "$jdk/include/linux/jni_md.h" "$KIT/jni/"
cp -r "$ROOT/target/classes" "$KIT/classes"
tr ':' '\n' < "$ROOT/target/launcher-runtime.classpath" | grep -v pytorch-native | xargs -I{} cp {} "$KIT/lib/"

djl="${1:-}"
if [[ -z "$djl" ]]; then
  djl="$tmp/djl" && git clone -q --depth 1 --branch "$DJL_TAG" https://github.com/deepjavalibrary/djl.git "$djl"
fi
git -C "$djl" archive "$DJL_TAG" engines/pytorch/pytorch-native/src/main/native engines/pytorch/pytorch-engine/src/main/java \
  api/src/main/native | tar -x -C "$tmp"
cp "$tmp"/engines/pytorch/pytorch-native/src/main/native/* "$KIT/djlnative/"
cp "$tmp"/api/src/main/native/djl/utils.h "$KIT/djlnative/utils/djl/"
api=$(tr ':' '\n' < "$ROOT/target/launcher-runtime.classpath" | grep -E '/api-|slf4j' | paste -sd:)
javac -cp "$api" -sourcepath "$tmp/engines/pytorch/pytorch-engine/src/main/java" -h "$KIT/djlnative/include" -d "$tmp/out" \
  "$tmp/engines/pytorch/pytorch-engine/src/main/java/ai/djl/pytorch/jni/PyTorchLibrary.java"
cp "$ROOT/docs/benchmarks/kits/gpu/run-gpu-bench.sh" "$KIT/"
rm -rf "$tmp"
du -sh "$KIT"
