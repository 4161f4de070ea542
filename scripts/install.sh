#!/usr/bin/env bash
# Builds purex509 as one self-contained executable (the Swift runtime and
# Foundation linked in with --static-swift-stdlib; the Public Suffix List
# compiled in) and copies it to PREFIX/bin. With --nio, also purex509-nio
# (the same tool plus `connect`, from Integrations/NIOSSL), which `purex509
# connect` runs when it sits beside it.
#
#   scripts/install.sh [--prefix DIR] [--nio]     (default prefix: /usr/local)
#
# Needs only the Swift toolchain to build; the installed binaries need only
# the C library.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local
nio=0
while [[ $# -gt 0 ]]; do
    case $1 in
        --prefix) [[ $# -ge 2 ]] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --nio) nio=1; shift ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (--prefix DIR, --nio)" >&2; exit 2 ;;
    esac
done
mkdir -p "$prefix/bin"
swift build -c release --static-swift-stdlib --product purex509
install -s -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/purex509" "$prefix/bin/purex509"
echo "installed $prefix/bin/purex509 ($("$prefix/bin/purex509" --version))"
if [[ $nio -eq 1 ]]; then
    swift build -c release --static-swift-stdlib --package-path Integrations/NIOSSL --product purex509-nio
    install -s -m 0755 "$(swift build -c release --static-swift-stdlib --package-path Integrations/NIOSSL --show-bin-path)/purex509-nio" "$prefix/bin/purex509-nio"
    echo "installed $prefix/bin/purex509-nio"
fi
