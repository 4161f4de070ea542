#!/usr/bin/env bash
# Builds the libFuzzer targets (release + ASan) and runs one.
#   FuzzTesting/run.sh FuzzCertificate [seconds]    (default 60)
# Seeds: the BoringSSL corpora and generated certificates under Vectors/.
# Crashes land in FuzzTesting/crashes/; keep each as a test case.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:-FuzzCertificate}
seconds=${2:-60}
swift build -c release --scratch-path .build-fuzz --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product "$target"
corpus=.corpus/$target
mkdir -p "$corpus" crashes
if [ "$target" = FuzzPEM ]; then
    seeds="../Vectors/der-fuzz/boringssl/read_pem_corpus ../Vectors/generated"
else
    seeds="../Vectors/der-fuzz/boringssl/cert_corpus ../Vectors/der-fuzz/boringssl/parse_certificate_fuzzer_corpus"
fi
# shellcheck disable=SC2086
SWIFT_BACKTRACE=enable=no ".build-fuzz/release/$target" -max_total_time="$seconds" -max_len=8192 \
    -artifact_prefix=crashes/ -print_final_stats=1 "$corpus" $seeds
