#!/usr/bin/env bash
# What a new user or a CI image does: install the tool into an empty prefix
# (scripts/install.sh) and use it from an empty folder, with nothing of the
# repository or the build folder on its path. Fails if the binary links the
# Swift runtime dynamically, traps, or answers differently from the docs.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
prefix=$(mktemp -d)
empty=$(mktemp -d)
trap 'rm -rf "$prefix" "$empty"' EXIT
./scripts/install.sh --prefix "$prefix" >/dev/null
tool=$prefix/bin/purex509
failed=0
expect() {  # expect NAME STATUS TEXT -- command...
    local name=$1 status=$2 text=$3; shift 4
    local got=0
    (cd "$empty" && "$@") >"$empty/.out" 2>&1 || got=$?
    if [[ $got -ne $status ]] || ! grep -qF -- "$text" "$empty/.out"; then
        echo "install-check: $name: exit $got (want $status), output:" >&2; sed 's/^/    /' "$empty/.out" >&2; failed=1
    else
        echo "install-check: $name: ok"
    fi
}
if ldd "$tool" | grep -q 'libswiftCore\|libFoundation'; then
    echo "install-check: $tool links the Swift runtime dynamically:" >&2; ldd "$tool" >&2; failed=1
fi
expect "--version" 0 "purex509 " -- "$tool" --version
cp Vectors/chains/valid/chain.pem Vectors/chains/valid/roots.pem "$empty/"
expect "verify with --roots" 0 "trusted" -- "$tool" verify --roots roots.pem --host www.example.com --at 1748736000 chain.pem
expect "verify with SSL_CERT_FILE" 0 "trusted" -- env SSL_CERT_FILE="$empty/roots.pem" "$tool" verify --host www.example.com --at 1748736000 chain.pem
printf '{"pinSets": [{"pattern": "*.ac.bd", "pins": ["sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "sha256/yb9udu+Q+Bg50u2u1OVSmG1KDO+/K+mmHqu5vw+UbJc="]}]}' > "$empty/config.json"
expect "policy check (the compiled-in Public Suffix List)" 2 "covers a public suffix" -- "$tool" policy check config.json chain.pem --host www.example.com --roots roots.pem
expect "a wrong file" 2 "purex509:" -- "$tool" verify --roots config.json chain.pem
rm -f "$empty/.out"
exit $failed
