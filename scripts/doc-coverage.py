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
import sys

from symbol_graphs import MODULES, options, place, public_symbols


def main():
    arguments = sys.argv[1:]
    scratch, fresh_after = options(arguments)
    missing, total = set(), 0
    for module in arguments or MODULES:
        for symbol in public_symbols(module, scratch, fresh_after):
            total += 1
            if not symbol.get("docComment", {}).get("lines"):
                missing.add(f"{place(symbol)}: {'.'.join(symbol['pathComponents'])}")
    for entry in sorted(missing):
        print(entry)
    print(f"{total - len(missing)} of {total} public symbols documented", file=sys.stderr)
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
