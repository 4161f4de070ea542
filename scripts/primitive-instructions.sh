#!/usr/bin/env bash
# Instructions per operation of one primitive (RSA and ECDSA verification,
# s^e mod n, Ed25519, SHA-2 over 16 KiB) on the Benchmarks package's
# fixtures, counted by callgrind as the difference between a run of 3N and
# one of N operations, so that start-up and the first call cancel out. A
# count does not move with the machine's load, so a change to SHA2, BigNum,
# RSA or EC is judged on it before it is timed (docs/benchmarks.md).
# Usage: scripts/primitive-instructions.sh OPERATION... (see
# scripts/primitive-instructions/Sources/PrimitiveInstructions/main.swift;
# `all` for every one). PUREX509_SIZE_FIRST=1 counts the size-first
# configuration (the SizeFirst trait; its own build folder). Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cd scripts/primitive-instructions
scratch=.build
[ -z "${PUREX509_SIZE_FIRST:-}" ] || scratch=.build-size-first
swift build -c release --scratch-path "$scratch" >/dev/null
binary=$(swift build -c release --scratch-path "$scratch" --show-bin-path)/PrimitiveInstructions
operations=("$@")
if [ "${operations[*]:-all}" = all ]; then
    operations=(rsa2048 rsa3072 rsa4096 power2048 p256 p384 p521 ed25519 sha256-16k sha512-16k)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() {
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$binary" "$root/Benchmarks/Fixtures" "$1" "$2" >/dev/null 2>&1 ||
        { echo "primitive-instructions: $1 x $2 failed" >&2; exit 1; }
    sed -n 's/^\(summary\|totals\): \([0-9]*\).*/\2/p' "$work/out" | head -1
}
for operation in "${operations[@]}"; do
    case $operation in sha*) low=20 ;; rsa4096|p521) low=50 ;; *) low=100 ;; esac
    high=$(( 3 * low ))
    a=$(count "$operation" $low)
    b=$(count "$operation" $high)
    echo "$operation: $(( (b - a) / (high - low) )) instructions per operation"
done
