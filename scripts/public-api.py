#!/usr/bin/env python3
"""Counts the public declarations of each library module and refuses offsets
in the core's public API.

The core hands out views that carry their bytes (docs/bytes.md); a public
declaration whose signature mentions `Range<Int>` would let a caller apply
an offset to the wrong buffer, so any such declaration in a core module is
listed and the exit status is 1.

Usage: scripts/public-api.py [--dump] [--scratch PATH] [--counts]
  --dump runs dump-symbol-graph first (scripts/docs-check.sh has, through
  doc-coverage.py); --counts prints `module count` lines for every module.
"""
import sys

from symbol_graphs import CORE, MODULES, options, place, public_symbols


def declaration(symbol):
    return "".join(fragment.get("spelling", "") for fragment in symbol.get("declarationFragments", []))


def main():
    arguments = sys.argv[1:]
    scratch, fresh_after = options(arguments)
    offenders, counts = set(), {}
    for module in MODULES:
        counts[module] = 0
        for symbol in public_symbols(module, scratch, fresh_after):
            counts[module] += 1
            if module in CORE and "Range<Int>" in declaration(symbol):
                offenders.add(f"{place(symbol)}: {declaration(symbol)}")
    if "--counts" in arguments:
        for module in MODULES:
            print(f"{module} {counts[module]}")
    for entry in sorted(offenders):
        print(entry)
    print(f"{len(offenders)} public core declarations mention Range<Int>; "
          f"{sum(counts.values())} public declarations in {len(MODULES)} modules", file=sys.stderr)
    sys.exit(1 if offenders else 0)


if __name__ == "__main__":
    main()
