"""The library's public symbols, read from the graphs `swift package
dump-symbol-graph` writes; shared by doc-coverage.py and public-api.py.

`options(arguments)` takes `--scratch PATH` and `--dump` off the argument
list; `public_symbols(module, ...)` yields each public symbol declared
under this repository's Sources/ once (synthesized and inherited members
have no location there and are left out).
"""
import glob
import json
import os
import subprocess
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CORE = ["DER", "SHA2", "BigNum", "RSA", "EC", "PKIX", "Trust", "Pinning", "Symmetric", "PKCS12"]
MODULES = CORE + ["SystemTrust", "IDNA", "PureX509"]


def options(arguments):
    """(scratch path, graphs must be newer than this time or None), with the two options removed from `arguments`."""
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
        # verdict: each module read must have a graph newer than the run.
        fresh_after = time.time() - 1
        subprocess.run(["swift", "package", "--scratch-path", scratch, "dump-symbol-graph", "--minimum-access-level", "public"],
                       cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return scratch, fresh_after


def public_symbols(module, scratch, fresh_after=None):
    """Each public symbol of `module` declared under Sources/, once; exits when the graph is missing or stale."""
    folder = glob.glob(os.path.join(scratch, "*", "symbolgraph"))
    if not folder:
        raise SystemExit("no symbol graphs: run with --dump")
    main_graph = os.path.join(folder[0], module + ".symbols.json")
    if not os.path.exists(main_graph) or (fresh_after and os.path.getmtime(main_graph) < fresh_after):
        raise SystemExit(f"no fresh symbol graph for {module}")
    seen = set()
    for path in [main_graph] + glob.glob(os.path.join(folder[0], module + "@*.symbols.json")):
        for symbol in json.load(open(path))["symbols"]:
            uri = symbol.get("location", {}).get("uri", "")
            if symbol.get("accessLevel") not in ("public", "open") or "/Sources/" not in uri:
                continue
            if symbol["identifier"]["precise"] in seen:
                continue
            seen.add(symbol["identifier"]["precise"])
            yield symbol


def place(symbol):
    """`path:line` of a symbol's declaration, relative to the repository."""
    uri = symbol["location"]["uri"].replace("file://", "")
    return f"{os.path.relpath(uri, ROOT)}:{symbol['location']['position']['line'] + 1}"
