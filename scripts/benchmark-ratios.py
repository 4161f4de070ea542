#!/usr/bin/env python3
"""Runs the Benchmarks package and prints one table of PureX509/peer ratios.

Every benchmark is named "<operation>/<implementation>"; each operation's
PureX509 figure is divided by each peer's figure from the same run
(throughput, higher is better, so a ratio above 1 means PureX509 is faster).
The SHA-256 and PBKDF2 rows run a second time with OPENSSL_ia32cap=:~0x20000000, which
masks the SHA extensions from OpenSSL, to compare with its portable code; the
AES rows with AES-NI masked (OPENSSL_ia32cap=~0x200000000000000); the
ECDSA, Ed25519 and SHA-2 rows with OPENSSL_ia32cap=0:0 (no CPU extensions at
all); the RSA rows with BMI2 and ADX masked (OPENSSL_ia32cap=:~0x80100).

Usage: scripts/benchmark-ratios.py [--markdown]
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "..", "Benchmarks")


def run(target, extra_env=None, filters=None):
    out = tempfile.mkdtemp()
    command = ["swift", "package", "--allow-writing-to-package-directory", "benchmark", "--no-progress",
               "--target", target, "--format", "jmh", "--path", out]
    for f in filters or []:
        command += ["--filter", f]
    env = dict(os.environ)
    env.update(extra_env or {})
    subprocess.run(command, cwd=PACKAGE, env=env, check=True, stdout=subprocess.DEVNULL)
    results = {}
    for name in os.listdir(out):
        for entry in json.load(open(os.path.join(out, name))):
            benchmark = entry["benchmark"].split(".", 3)[-1].replace("_", " ")
            mallocs = entry.get("secondaryMetrics", {}).get("Malloc (total)", {}).get("score")
            results[benchmark] = (entry["primaryMetric"]["score"], mallocs)
    return results


def table(results, suffix=""):
    rows = []
    operations = sorted({name.split("/")[0] for name in results})
    for operation in operations:
        # "PureX509" or "PureX509 (variant)" against every peer of the operation.
        # "PureX509 (…)" are ours; "PureX509 without …" is a baseline of ours, listed as a peer.
        mine = sorted(n for n in results if n.startswith(operation + "/PureX509") and " without " not in n)
        for own in mine:
            ours = results[own]
            label = operation + own[len(operation) + len("/PureX509"):]
            for name, (score, _) in sorted(results.items()):
                op, implementation = name.split("/", 1)
                if op != operation or (implementation.startswith("PureX509") and " without " not in implementation):
                    continue
                rows.append((label, implementation + suffix, ours[0], score, ours[0] / score, ours[1]))
    return rows


def main():
    rows = table(run("Signatures")) + table(run("Parsing")) + table(run("Evaluation")) + table(run("Revocation"))
    rows += table(run("SymmetricPrimitives"))
    # PBKDF2 against OpenSSL's portable SHA-256, AES against its code without
    # AES-NI (bit 57 of the first capability word): what the portable code
    # costs beside OpenSSL's portable code, not beside its hardware paths.
    rows += table(run("SymmetricPrimitives", {"OPENSSL_ia32cap": ":~0x20000000"}, ["PBKDF2.*"]), " (no SHA-NI)")
    rows += table(run("SymmetricPrimitives", {"OPENSSL_ia32cap": "~0x200000000000000"}, ["AES.*"]), " (no AES-NI)")
    rows += table(run("Signatures", {"OPENSSL_ia32cap": ":~0x20000000"}, ["SHA-256.*"]), " (no SHA-NI)")
    # Every CPU feature bit cleared: OpenSSL's and BoringSSL's most generic
    # x86_64 paths (still assembly for P-256: nistz256 has no C fallback;
    # integer-only assembly for SHA-2).
    rows += table(run("Signatures", {"OPENSSL_ia32cap": "0:0"}, ["ECDSA.*", "Ed25519.*", "SHA-.*"]), " (ia32cap 0:0)")
    # BMI2 and ADX hidden (bits 8 and 19 of the third word): OpenSSL's RSA
    # code without mulx/adcx/adox, the instructions the portable Swift
    # kernels are limited to. GMP does not read the variable: its rows in
    # this run are its default path again.
    rows += table(run("Signatures", {"OPENSSL_ia32cap": ":~0x80100"}, ["RSA.*"]), " (no BMI2/ADX)")
    print("| operation | peer | PureX509 /s | peer /s | PureX509 ÷ peer | PureX509 mallocs/op |")
    print("|---|---|---:|---:|---:|---:|")
    for operation, peer, ours, theirs, ratio, mallocs in rows:
        print(f"| {operation} | {peer} | {ours:,.0f} | {theirs:,.0f} | {ratio:.2f} | {mallocs if mallocs is not None else '?':} |")


if __name__ == "__main__":
    main()
