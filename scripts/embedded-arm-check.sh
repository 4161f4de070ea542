#!/usr/bin/env bash
# Builds the verify-only core (DER, SHA2, BigNum, RSA, EC, PKIX, Trust,
# Pinning) in Embedded Swift for a Cortex-M4 (armv7em-none-none-eabi), links
# scripts/embedded/arm/ArmSmoke.swift with the project's start-up code and
# linker script, runs it on QEMU's mps2-an386 board and checks every
# verdict. Fails if a module does not build, a verdict is wrong, the
# firmware traps or does not finish in time, or a warm evaluation allocates.
# Prints flash, stack, heap and instructions per verification
# (docs/embedded.md).
#
# ARM_SIZE_FIRST=1 builds the core in the size-first configuration (the
# SizeFirst trait; its own scratch folder); .ci/run runs both.
#
# Needs qemu-system-arm (Debian: apt-get install qemu-system-arm; CI
# installs it, see .ci/run) and the toolchain's Embedded stdlib for armv7em,
# clang and ld.lld.
set -euo pipefail
cd "$(dirname "$0")/.."

triple=armv7em-none-none-eabi
scratch=.build-embedded-arm
configuration=()
label=default
if [ -n "${ARM_SIZE_FIRST:-}" ]; then
    scratch=.build-embedded-arm-size
    configuration=(--traits SizeFirst)
    label=size-first
fi
out=$scratch/firmware
products=$scratch/$triple/release
harness=scripts/embedded/arm
modules="DER SHA2 BigNum RSA EC PKIX Trust Pinning"
mkdir -p "$out"
command -v qemu-system-arm >/dev/null || { echo "embedded-arm-check: qemu-system-arm is not installed" >&2; exit 1; }

# One SwiftPM invocation: Pinning depends on every other verify-only module,
# so SwiftPM builds them all, two at a time where the graph allows.
# -Osize and function sections are what a flash-bound device wants (and let
# --gc-sections drop what the program never reaches); Thumb is the only
# instruction set an M-profile core runs; no debug info, since nothing here
# is debugged and it is a good part of the compile time.
swift_flags=(-Xswiftc -Osize -Xswiftc -gnone -Xswiftc -Xfrontend -Xswiftc -function-sections
             -Xswiftc -Xfrontend -Xswiftc -disable-stack-protector -Xcc -mthumb)
if ! log=$(EMBEDDED=1 swift build --scratch-path "$scratch" --triple "$triple" -c release "${configuration[@]}" "${swift_flags[@]}" --target Pinning 2>&1); then
    echo "$log" | grep -E 'error' | sort -u >&2
    echo "embedded-arm-check: the verify-only core does not build for $triple" >&2
    exit 1
fi

python3 scripts/embedded/embed-certificates.py \
    rsaLeaf=Vectors/chains/valid/chain.pem:0 rsaIntermediate=Vectors/chains/valid/chain.pem:1 rsaRoot=Vectors/chains/valid/roots.pem \
    p256Leaf=Vectors/chains/valid.p256/chain.pem:0 p256Intermediate=Vectors/chains/valid.p256/chain.pem:1 p256Root=Vectors/chains/valid.p256/roots.pem \
    ed25519Leaf=Vectors/chains/valid.ed25519/chain.pem:0 ed25519Intermediate=Vectors/chains/valid.ed25519/chain.pem:1 \
    ed25519Root=Vectors/chains/valid.ed25519/roots.pem > "$out/Certificates.swift"
# The three chains share their validation time and host (Vectors/chains/cases.json).
python3 - >> "$out/Certificates.swift" <<'PY'
import json
cases = {c["name"]: c for c in json.load(open("Vectors/chains/cases.json"))}
times = {cases[n]["at"] for n in ("valid", "valid.p256", "valid.ed25519")}
hosts = {cases[n]["host"] for n in ("valid", "valid.p256", "valid.ed25519")}
assert len(times) == 1 and hosts == {"www.example.com"}, (times, hosts)
print("let chainTime: Int64 = %d" % times.pop())
PY

# The program joins the package (as the wasm smoke program does) under the
# package name SwiftPM gave the core modules.
package_name=$(python3 -c 'import re, sys
for line in open(sys.argv[1]):
    if "\"-module-name\",\"DER\"" in line:
        print(re.search(r"\"-package-name\",\"([^\"]*)\"", line).group(1)); break' "$scratch/release.yaml")
swiftc -target "$triple" -enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo -parse-as-library -Osize \
    -Xfrontend -function-sections -Xfrontend -disable-stack-protector -Xcc -mthumb \
    -I "$products/Modules" -module-name ArmSmoke -package-name "$package_name" \
    -c "$harness/ArmSmoke.swift" "$out/Certificates.swift" -o "$out/smoke.o"
clang --target=$triple -mthumb -mcpu=cortex-m4 -mfloat-abi=soft -Os -ffreestanding -fno-builtin -ffunction-sections \
    -c "$harness/start.c" -o "$out/start.o"
objects=()
for module in $modules; do objects+=("$products/$module.build/"*.o); done
# ld.lld warns that there is no _start: the board starts from the vector table.
ld.lld -T "$harness/link.ld" --gc-sections -Map "$out/firmware.map" "$out/smoke.o" "${objects[@]}" "$out/start.o" \
    -o "$out/firmware.elf" 2> >(grep -v "cannot find entry symbol _start" >&2)

# -icount shift=0: the virtual clock advances 1 ns per instruction, which
# start.c reads through the board's timer. Semihosting output goes to a
# stdio chardev (without one QEMU writes it to stderr, beside its own
# messages). The timeout turns a hang into a failure.
status=0
output=$(timeout 600 qemu-system-arm -machine mps2-an386 -nographic -monitor none -serial none \
    -chardev stdio,id=semihosting -semihosting-config enable=on,target=native,chardev=semihosting \
    -icount shift=0 -kernel "$out/firmware.elf") || status=$?
echo "$output"
if [ "$status" -ne 0 ]; then
    echo "embedded-arm-check: the firmware exited with status $status (124: timeout; 3: stack overflow; 4: fault)" >&2
    exit 1
fi
if grep -q FAILED <<<"$output"; then echo "embedded-arm-check: the program reported a failure" >&2; exit 1; fi
expect() { grep -qxF "$1" <<<"$output" || { echo "embedded-arm-check: expected \"$1\"" >&2; exit 1; }; }
expect "rsa chain: trusted (3 certificates)"
expect "p256 chain: trusted (3 certificates)"
expect "ed25519 chain: trusted (3 certificates)"
expect "p256 pinned root key: trusted"
expect "p256 stranger key: refused"
expect "p256 tampered intermediate: badSignature"
grep -qE '^run: [0-9]+ bytes of stack at peak' <<<"$output" || { echo "embedded-arm-check: the run did not finish" >&2; exit 1; }

# A warm evaluation (the same verifier, pre-parsed certificates) allocates
# nothing: the verifier keeps the lists the search grows and the chain it
# hands out, and its cache keeps the signatures' verdicts. 0 is what the
# x86_64 count (scripts/warm-instructions.sh) and this firmware measure, so
# any allocation is a regression of the warm path, whichever chain shows it.
max_warm_allocations=0
for chain in rsa p256 ed25519; do
    verdict="$chain chain, warm: trusted (3 certificates)"
    expect "$verdict"
    allocations=$(grep -A1 -xF "$verdict" <<<"$output" | sed -nE 's/^  cost: .*, ([0-9]+) allocations, .*/\1/p')
    [ -n "$allocations" ] || { echo "embedded-arm-check: no cost reported for the $chain chain's warm evaluation" >&2; exit 1; }
    if [ "$allocations" -gt "$max_warm_allocations" ]; then
        echo "embedded-arm-check: a warm evaluation of the $chain chain made $allocations heap allocation(s); at most $max_warm_allocations allowed" >&2
        exit 1
    fi
done

# Flash is what the board must store: code, read-only data and the initial
# values of .data (copied to RAM at reset).
python3 - "$out/firmware.elf" <<'PY'
import struct, sys
elf = open(sys.argv[1], "rb").read()
# ELF32 little-endian section headers: where their table is, entry size, count.
shoff, = struct.unpack_from("<I", elf, 0x20)
shentsize, shnum = struct.unpack_from("<HH", elf, 0x2E)
def header(i): return struct.unpack_from("<IIIIIIIIII", elf, shoff + i * shentsize)
# Flash holds every allocated section with contents below RAM's start
# (code; read-only data, .data.rel.ro included even though it is marked
# writable) and the initial values of .data, which reset copies to RAM; RAM
# holds .data and .bss besides the stack and the heap.
text = rodata = data = bss = 0
for i in range(shnum):
    kind, flags, address, size = header(i)[1], header(i)[2], header(i)[3], header(i)[5]
    if not flags & 0x2:
        continue
    if address < 0x20000000:
        if flags & 0x4:
            text += size
        else:
            rodata += size
    elif kind != 8:
        data += size
    elif flags & 0x1:
        bss += size
print("flash: %d bytes (text %d, rodata %d, data %d); RAM besides stack and heap: data %d, bss %d bytes"
      % (text + rodata + data, text, rodata, data, data, bss))
PY
echo "embedded-arm-check: OK ($label configuration)"
