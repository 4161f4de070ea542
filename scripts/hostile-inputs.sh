#!/usr/bin/env bash
# Issue 26 item 12: hostile revocation inputs (scripts/hostile-inputs.py)
# through the release tool, each held to 1 s of wall time and 200 MB of peak
# resident memory (GNU time's %e and %M). The margins are wide: on the
# 2-core machine of docs/benchmarks.md each took 0.07–0.31 s and 38–89 MB,
# most of it reading the 15–60 MB file.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product purex509 >/dev/null
tool=.build/release/purex509
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/hostile-inputs.py "$work"
good=Vectors/revocation/generated/good
common=(verify --roots "$good/roots.pem" --host www.example.com --at 2025-06-01T00:00:00Z)
revocation=("${common[@]}" --require-revocation-info)
failed=0
check() {
    local name=$1 expected=$2; shift 2
    local status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$tool" "$@" >/dev/null 2>"$work/stderr" || status=$?
    read -r seconds kilobytes < <(tail -n 1 "$work/time")
    local verdict=ok
    # The exit status says the input was decided (1: not trusted; 0 for inspect).
    if [[ $status -ne $expected ]] || awk -v s="$seconds" -v k="$kilobytes" 'BEGIN { exit !(s > 1.0 || k > 200000) }'; then
        verdict=FAILED; failed=1
    fi
    echo "hostile input $name: exit $status, ${seconds} s, $((kilobytes / 1024)) MB: $verdict"
}
check "OCSP ResponderID of 1.3 M RDNs (15.6 MB)" 1 "${revocation[@]}" --ocsp-response "$work/ocsp-name-1m.der" "$good/chain.pem"
check "OCSP ResponderID of 5 M RDNs (60 MB)" 1 "${revocation[@]}" --ocsp-response "$work/ocsp-name-5m.der" "$good/chain.pem"
check "CRL scope of 20 M names, bad signature (60 MB)" 1 "${revocation[@]}" --crl "$work/crl-idp-20m.crl" "$good/chain.pem"
check "CRL of 120,000 entries × 64 extensions (57 MB)" 1 "${revocation[@]}" --crl "$work/crl-120k-entries.crl" "$good/chain.pem"
check "verify --explain, leaf subject of 1 M RDNs (12 MB)" 1 "${common[@]}" --explain "$work/leaf-1m-rdns.pem"
check "verify, a presented subject of 1 M RDNs (12 MB)" 1 "${common[@]}" "$work/chain-1m-rdns.pem"
check "inspect --json, subject of 1 M RDNs (12 MB)" 0 inspect --json "$work/leaf-1m-rdns.pem"
# PKCS #12: the most work each MAC shape can ask for under the default
# budget, the same over it, and key bags whose public keys or RSA
# consistency are computed (scripts/hostile_pkcs12.py).
export HOSTILE_P12_PASSWORD=secret
p12=(identity --password-env HOSTILE_P12_PASSWORD)
check "PBMAC1 HMAC-SHA-1, 64-byte key, 10 M iterations (141 bytes)" 1 "${p12[@]}" "$work/pbmac1-sha1-64byte-10m.p12"
for shape in kdf-sha1 kdf-sha256 kdf-sha512 pbmac1-sha1 pbmac1-sha256 pbmac1-sha512 pbmac1-sha1-prf-sha512-mac; do
    check "MAC $shape, the whole work budget" 1 "${p12[@]}" "$work/mac-$shape-max.p12"
    check "MAC $shape, twice the work budget" 1 "${p12[@]}" "$work/mac-$shape-over.p12"
done
check "1,023 P-521 key bags, no MAC (118 KB)" 1 identity --no-password "$work/p521-keys-1023.p12"
check "1,023 RSA-16384 key bags, no MAC (9.5 MB)" 1 identity --no-password "$work/rsa16384-keys-1023.p12"
exit $failed
