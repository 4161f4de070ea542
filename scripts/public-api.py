#!/usr/bin/env python3
"""Counts the public declarations of each library module and refuses offsets
in the core's public API.

The core hands out views that carry their bytes (docs/bytes.md); a public
declaration whose signature mentions `Range<Int>` would let a caller apply
an offset to the wrong buffer, so any such declaration in a core module is
listed and the exit status is 1.

Reads the symbol graphs `swift package dump-symbol-graph` writes (run
scripts/doc-coverage.py --dump, or this script with --dump, first) and keeps
the symbols declared under this repository's Sources/.

Usage: scripts/public-api.py [--dump] [--scratch PATH] [--counts]
  --counts prints `module count` lines for every module.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CORE = ["DER", "SHA2", "BigNum", "RSA", "EC", "PKIX", "Trust", "Pinning", "Symmetric", "PKCS12"]
MODULES = CORE + ["PureX509"]


def declaration(symbol):
    return "".join(fragment.get("spelling", "") for fragment in symbol.get("declarationFragments", []))


def main():
    arguments = sys.argv[1:]
    scratch = os.path.join(ROOT, ".build")
    if "--scratch" in arguments:
        at = arguments.index("--scratch")
        scratch = os.path.abspath(arguments[at + 1])
        del arguments[at:at + 2]
    if "--dump" in arguments:
        subprocess.run(["swift", "package", "--scratch-path", scratch, "dump-symbol-graph", "--minimum-access-level", "public"],
                       cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    folder = glob.glob(os.path.join(scratch, "*", "symbolgraph"))
    if not folder:
        sys.exit("no symbol graphs: run with --dump")
    offenders, counts = [], {}
    for module in MODULES:
        main_graph = os.path.join(folder[0], module + ".symbols.json")
        if not os.path.exists(main_graph):
            sys.exit(f"no symbol graph for {module}")
        seen = set()
        for path in [main_graph] + glob.glob(os.path.join(folder[0], module + "@*.symbols.json")):
            for symbol in json.load(open(path))["symbols"]:
                uri = symbol.get("location", {}).get("uri", "")
                if symbol.get("accessLevel") not in ("public", "open") or "/Sources/" not in uri:
                    continue
                identifier = symbol["identifier"]["precise"]
                if identifier in seen:
                    continue
                seen.add(identifier)
                if module in CORE and "Range<Int>" in declaration(symbol):
                    line = symbol["location"]["position"]["line"] + 1
                    offenders.append(f"{os.path.relpath(uri.replace('file://', ''), ROOT)}:{line}: {declaration(symbol)}")
        counts[module] = len(seen)
    if "--counts" in arguments:
        for module in MODULES:
            print(f"{module} {counts[module]}")
    for entry in sorted(set(offenders)):
        print(entry)
    print(f"{len(set(offenders))} public core declarations mention Range<Int>; "
          f"{sum(counts.values())} public declarations in {len(MODULES)} modules", file=sys.stderr)
    sys.exit(1 if offenders else 0)


if __name__ == "__main__":
    main()
