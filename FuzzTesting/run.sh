#!/usr/bin/env bash
# Builds the libFuzzer targets (release + ASan) and runs one, or all in turn.
#   FuzzTesting/run.sh TARGET [seconds]     TARGET: FuzzCertificate, FuzzPEM,
#       FuzzEvaluation, FuzzPinString, FuzzPinConfiguration, FuzzSignature,
#       FuzzRevocation, FuzzPKCS12, FuzzSCTList, FuzzLogList
#   FuzzTesting/run.sh all [seconds]        each target for that long (CI: 60)
# Seeds: the BoringSSL corpora, the generated certificates and
# Vectors/fuzz-seeds/<target>; earlier crashes in Vectors/fuzz-regressions/<target>
# are replayed first. A crash lands in FuzzTesting/crashes/<target>/ and the
# script exits non-zero; keep the input under Vectors/fuzz-regressions/<target>/
# (the test run replays it) once the cause is fixed.
set -euo pipefail
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$self")"
target=${1:-FuzzCertificate}
seconds=${2:-60}
all="FuzzCertificate FuzzPEM FuzzEvaluation FuzzPinString FuzzPinConfiguration FuzzSignature FuzzRevocation FuzzPKCS12 FuzzSCTList FuzzLogList"

if [ "$target" = all ]; then
    for each in $all; do "$self" "$each" "$seconds"; done
    exit 0
fi

case "$target" in
    FuzzCertificate) name=certificate; seeds="../Vectors/der-fuzz/boringssl/cert_corpus ../Vectors/der-fuzz/boringssl/parse_certificate_fuzzer_corpus" ;;
    FuzzPEM) name=pem; seeds="../Vectors/der-fuzz/boringssl/read_pem_corpus ../Vectors/generated" ;;
    FuzzEvaluation) name=evaluation; seeds=../Vectors/fuzz-seeds/evaluation ;;
    FuzzPinString) name=pin-string; seeds=../Vectors/fuzz-seeds/pin-string ;;
    FuzzPinConfiguration) name=pin-configuration; seeds=../Vectors/fuzz-seeds/pin-configuration ;;
    FuzzSignature) name=signature; seeds=../Vectors/fuzz-seeds/signature ;;
    FuzzRevocation) name=revocation; seeds=../Vectors/fuzz-seeds/revocation ;;
    FuzzPKCS12) name=pkcs12; seeds=../Vectors/fuzz-seeds/pkcs12 ;;
    FuzzSCTList) name=sct-list; seeds=../Vectors/fuzz-seeds/sct-list ;;
    FuzzLogList) name=log-list; seeds=../Vectors/fuzz-seeds/log-list ;;
    *) echo "run.sh: unknown target $target (one of: $all, all)" >&2; exit 2 ;;
esac

swift build -c release --scratch-path .build-fuzz --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product "$target"
corpus=.corpus/$target
regressions=../Vectors/fuzz-regressions/$name
mkdir -p "$corpus" "crashes/$target" "$regressions"
# shellcheck disable=SC2086
SWIFT_BACKTRACE=enable=no ".build-fuzz/release/$target" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="crashes/$target/" -print_final_stats=1 "$corpus" $seeds "$regressions"
