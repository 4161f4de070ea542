#!/usr/bin/env python3
"""Lists every public symbol of the library's modules that has no doc comment.

Reads the symbol graphs `swift package dump-symbol-graph` writes and keeps
the symbols declared in this repository's Sources/ (a location under it):
synthesized and inherited members (Equatable's !=, SetAlgebra's defaults)
have none and are not counted. Exit 1 when any symbol is undocumented.

Usage: scripts/doc-coverage.py [--dump] [--scratch PATH] [MODULE...]
  --dump runs dump-symbol-graph first (in PATH when given, else .build);
  MODULE... limits the listing to those modules.
"""
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MODULES = ["DER", "SHA2", "BigNum", "RSA", "EC", "PKIX", "Trust", "Pinning", "Symmetric", "PKCS12", "PureX509"]


def main():
    arguments = sys.argv[1:]
    scratch = os.path.join(ROOT, ".build")
    if "--scratch" in arguments:
        at = arguments.index("--scratch")
        scratch = os.path.abspath(arguments[at + 1])
        del arguments[at:at + 2]
    fresh_after = None
    if "--dump" in arguments:
        arguments.remove("--dump")
        # The test modules' graphs fail ("Couldn't load module") after the
        # library modules' are written, so the exit status is not the
        # verdict: each module read below must have a graph newer than the run.
        fresh_after = time.time() - 1
        subprocess.run(["swift", "package", "--scratch-path", scratch, "dump-symbol-graph", "--minimum-access-level", "public"],
                       cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    modules = arguments or MODULES
    folder = glob.glob(os.path.join(scratch, "*", "symbolgraph"))
    if not folder:
        sys.exit("no symbol graphs: run with --dump")
    missing, total = [], 0
    for module in modules:
        main = os.path.join(folder[0], module + ".symbols.json")
        if not os.path.exists(main) or (fresh_after and os.path.getmtime(main) < fresh_after):
            sys.exit(f"no fresh symbol graph for {module}")
        for path in [main] + glob.glob(os.path.join(folder[0], module + "@*.symbols.json")):
            for symbol in json.load(open(path))["symbols"]:
                uri = symbol.get("location", {}).get("uri", "")
                if symbol.get("accessLevel") not in ("public", "open") or "/Sources/" not in uri:
                    continue
                total += 1
                if not symbol.get("docComment", {}).get("lines"):
                    line = symbol["location"]["position"]["line"] + 1
                    missing.append(f"{os.path.relpath(uri.replace('file://', ''), ROOT)}:{line}: {'.'.join(symbol['pathComponents'])}")
    for entry in sorted(set(missing)):
        print(entry)
    print(f"{total - len(set(missing))} of {total} public symbols documented", file=sys.stderr)
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
