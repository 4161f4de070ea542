#!/usr/bin/env bash
# Issue 26 item 12: hostile revocation inputs, and issue 36's PKCS #12 files (scripts/hostile-inputs.py)
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
# PKCS #12 files without MAC or encryption: identities under long chains of
# CAs with 8–10 KB names, and a loop of two names (each CA of one name a
# candidate issuer of every CA of the other). Every chain is valid RSA-2048.
# Opening is `identity` without --roots/--at (exit 0); with them every
# identity is verified too (exit 1: the generated leaves carry no
# authorityKeyIdentifier, which the default profile requires).
p12=(identity --no-password)
check "identity, 50 keys under 300 chained CAs with 9.6 KB names (6.6 MB)" 0 "${p12[@]}" "$work/p12-chain-6m.p12"
check "identity --roots, the same" 1 "${p12[@]}" --at 2025-06-01T00:00:00Z --roots "$work/p12-chain-6m-root.pem" "$work/p12-chain-6m.p12"
check "identity, 60 keys under 900 chained CAs with 7.7 KB names (15 MB)" 0 "${p12[@]}" "$work/p12-chain-14m.p12"
check "identity, 60 keys under a loop of 900 CAs of two names (15 MB)" 0 "${p12[@]}" "$work/p12-cycle-14m.p12"
check "identity --roots, the loop" 1 "${p12[@]}" --at 2025-06-01T00:00:00Z --roots "$good/roots.pem" "$work/p12-cycle-14m.p12"
exit $failed
