#!/usr/bin/env bash
# Instructions and heap allocations per warm evaluation (the Benchmarks
# package's RSA chain: leaf and intermediate parsed, verified for the host,
# signature cache kept), counted by callgrind as the difference between
# 3,000 and 1,000 evaluations, so that start-up and the first, cold
# evaluation cancel out. Deterministic for one binary; compare like with
# like (docs/benchmarks.md). Needs valgrind.
# `warm-instructions.sh ct` counts the CT fixture (three embedded SCTs)
# under Apple's CT policy, `ct-off` the same chain without CT.
# `warm-instructions.sh loglist` counts one load of Apple's shipped CT log
# list, from 10 and 30 loads: a load costs what a few hundred evaluations
# do, and 3,000 of them would keep callgrind busy for an hour.
# `warm-instructions.sh fresh` counts an evaluation without a signature
# cache (both signatures verified, the intermediate's key prepared) by a
# verifier that is reused.
# `warm-instructions.sh ct-ratio` times the CT fixture with and without CT
# in one run (alternating batches, 20,000 evaluations each; wall clock, no
# valgrind) and prints both and their ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cd scripts/warm-instructions
swift build -c release >/dev/null
binary=$(swift build -c release --show-bin-path)/WarmInstructions
if [ "${1:-}" = ct-ratio ]; then exec "$binary" "$root/Benchmarks/Fixtures" 20000 ct-ratio; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mode=${1:-}
low=1000 high=3000 unit="warm evaluation"
if [ "$mode" = loglist ]; then low=10 high=30 unit="load of the shipped log list"; fi
if [ "$mode" = fresh ]; then low=100 high=300 unit="fresh evaluation"; fi
count() {
    valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" "$binary" "$root/Benchmarks/Fixtures" "$1" $mode >/dev/null 2>&1
    python3 - "$work/out.$1" <<'PY'
import re, sys
total = 0; mallocs = 0; names = {}; current_call = None
for line in open(sys.argv[1]):
    if line.startswith("summary:") or line.startswith("totals:"):
        total = int(line.split()[1])
    # fn= and cfn= share one name table: a name is spelled out only where its
    # id first appears, which may be either kind of line.
    m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?", line)
    if m:
        if m.group(3): names[m.group(2)] = m.group(3).strip()
        if m.group(1) == "cfn": current_call = names.get(m.group(2))
        continue
    m = re.match(r"calls=(\d+)", line)
    if m and current_call in ("malloc", "posix_memalign", "calloc", "realloc"):
        mallocs += int(m.group(1))
print(total, mallocs)
PY
}
read -r low_instructions low_mallocs < <(count $low) || { echo "warm-instructions: the callgrind run of $low runs failed" >&2; exit 1; }
read -r high_instructions high_mallocs < <(count $high) || { echo "warm-instructions: the callgrind run of $high runs failed" >&2; exit 1; }
runs=$(( high - low ))
echo "per $unit: $(( (high_instructions - low_instructions) / runs )) instructions, $(( (high_mallocs - low_mallocs) / runs )) heap allocations"
