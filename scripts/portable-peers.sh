#!/usr/bin/env bash
# PureX509 against the portable code of its peers: OpenSSL and GMP built
# from Debian's sources of the installed versions (OpenSSL 3.0.19, GMP
# 6.2.1) with their assembly turned off, beside the installed libraries,
# in one run. OPENSSL_ia32cap (scripts/benchmark-ratios.py) hides CPU
# extensions but still runs hand-written assembly, and GMP has no such
# switch; these builds are the peers' C code, compiled (by cc, with no
# -march) for the same baseline x86-64 target as the Swift core.
#
#   OpenSSL: ./Configure no-asm enable-ec_nistp_64_gcc_128, as Debian's
#            build but without assembly (P-256 and P-521 then run OpenSSL's
#            64-bit C in ecp_nistp256.c / ecp_nistp521.c).
#   GMP:     ./configure --disable-assembly (mpn/generic).
#
# Usage: scripts/portable-peers.sh [ROUNDS]   (default 5)
# Prints a markdown table: operations per second (the median of ROUNDS
# alternating rounds, each timed inside its own process after a warm-up)
# and PureX509 ÷ peer. The builds are cached in $PORTABLE_PEERS_CACHE
# (default ~/.cache/purex509-portable-peers); they need curl, a C
# compiler, make, perl and m4, and take a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
case ${1:-} in -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac
rounds=${1:-5}
case $rounds in ''|*[!0-9]*|0) echo "portable-peers: ROUNDS must be a positive number" >&2; exit 2 ;; esac
cache=${PORTABLE_PEERS_CACHE:-$HOME/.cache/purex509-portable-peers}
mkdir -p "$cache"

# The sources Debian builds its packages from, checked against the
# SHA-256 sums of their .dsc files (openssl_3.0.19-1~deb12u2,
# gmp_6.2.1+dfsg1-1.1).
fetch() {  # URL SHA256 FILE
    if [ ! -f "$cache/$3" ]; then
        curl -sSfL -o "$cache/$3.part" "$1"
        mv "$cache/$3.part" "$cache/$3"
    fi
    echo "$2  $cache/$3" | sha256sum --check --quiet - ||
        { echo "portable-peers: $3 does not match its checksum" >&2; rm -f "$cache/$3"; exit 1; }
}
fetch http://deb.debian.org/debian-security/pool/updates/main/o/openssl/openssl_3.0.19.orig.tar.gz \
    fa5a4143b8aae18be53ef2f3caf29a2e0747430b8bc74d32d88335b94ab63072 openssl_3.0.19.orig.tar.gz
fetch http://deb.debian.org/debian/pool/main/g/gmp/gmp_6.2.1+dfsg1.orig.tar.xz \
    471b9e463e04362a0124f215afc5f0a4b99caedeeb62634c61bbc12988efa64c gmp_6.2.1+dfsg1.orig.tar.xz

jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f "$cache/openssl-no-asm/libcrypto.a" ]; then
    echo "portable-peers: building OpenSSL 3.0.19 without assembly" >&2
    rm -rf "$cache/openssl-no-asm" && mkdir -p "$cache/openssl-no-asm"
    tar -xzf "$cache/openssl_3.0.19.orig.tar.gz" -C "$cache/openssl-no-asm" --strip-components=1
    (cd "$cache/openssl-no-asm" &&
        ./Configure linux-x86_64 no-asm no-shared no-tests enable-ec_nistp_64_gcc_128 &&
        make -j"$jobs" build_libs) >"$cache/openssl-build.log" 2>&1 ||
        { echo "portable-peers: the OpenSSL build failed; see $cache/openssl-build.log" >&2; exit 1; }
fi
if [ ! -f "$cache/gmp-generic/lib/libgmp.a" ]; then
    echo "portable-peers: building GMP 6.2.1 without assembly" >&2
    rm -rf "$cache/gmp-source" "$cache/gmp-generic" && mkdir -p "$cache/gmp-source"
    tar -xJf "$cache/gmp_6.2.1+dfsg1.orig.tar.xz" -C "$cache/gmp-source" --strip-components=1
    # Debian's source leaves out the manual (doc/); so does this build.
    sed -i 's| doc/Makefile||' "$cache/gmp-source/configure"
    sed -i 's|^SUBDIRS = \(.*\) doc$|SUBDIRS = \1|' "$cache/gmp-source/Makefile.in"
    (cd "$cache/gmp-source" &&
        ./configure --disable-assembly --disable-shared --prefix="$cache/gmp-generic" &&
        make -j"$jobs" && make install) >"$cache/gmp-build.log" 2>&1 ||
        { echo "portable-peers: the GMP build failed (it needs m4); see $cache/gmp-build.log" >&2; exit 1; }
fi

# The PureX509 side: PrimitiveInstructions in its timed mode.
(cd scripts/primitive-instructions && swift build -c release >/dev/null)
ours=$(cd scripts/primitive-instructions && swift build -c release --show-bin-path)/PrimitiveInstructions
bin=$cache/bin
mkdir -p "$bin"
cc -O2 -o "$bin/peer-installed" scripts/portable-peers/peer.c -lcrypto -lgmp
cc -O2 -I"$cache/openssl-no-asm/include" -I"$cache/gmp-generic/include" -o "$bin/peer-portable" \
    scripts/portable-peers/peer.c "$cache/openssl-no-asm/libcrypto.a" "$cache/gmp-generic/lib/libgmp.a" -lpthread -ldl

fixtures=$root/Benchmarks/Fixtures
unset OPENSSL_ia32cap
# OPERATION RUNS: each run of the slowest of the three takes about a second.
operations=(rsa2048:6000 rsa3072:3000 rsa4096:1500 power2048:6000 p256:3000 p384:800 p521:1200
            ed25519:6000 sha256-16k:12000 sha512-16k:12000)
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for ((round = 1; round <= rounds; round++)); do
    for entry in "${operations[@]}"; do
        op=${entry%%:*} runs=${entry#*:}
        echo "$op ours $("$ours" "$fixtures" "$op" "$runs" timed)" >>"$results"
        echo "$op installed $("$bin/peer-installed" "$fixtures" "$op" "$runs")" >>"$results"
        echo "$op portable $("$bin/peer-portable" "$fixtures" "$op" "$runs")" >>"$results"
    done
done
python3 - "$results" "${operations[@]}" <<'PY'
import statistics, sys
rates = {}
for line in open(sys.argv[1]):
    op, who, rate = line.split()
    rates.setdefault((op, who), []).append(float(rate))
print("| operation | peer | PureX509 /s | peer installed /s | ÷ installed | peer without assembly /s | ÷ without assembly |")
print("|---|---|---:|---:|---:|---:|---:|")
for entry in sys.argv[2:]:
    op = entry.split(":")[0]
    ours, installed, portable = (statistics.median(rates[(op, who)]) for who in ("ours", "installed", "portable"))
    peer = "GMP mpz_powm" if op == "power2048" else "OpenSSL"
    print(f"| {op} | {peer} | {ours:,.0f} | {installed:,.0f} | {ours / installed:.2f} | {portable:,.0f} | {ours / portable:.2f} |")
PY
