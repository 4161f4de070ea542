#!/usr/bin/env python3
"""What a new key type costs, counted (docs/architecture.md, "Adding a key type").

    scripts/key-model-count.py            # the working tree
    scripts/key-model-count.py REV        # a commit, read with `git show` (no checkout)
    scripts/key-model-count.py -v [REV]   # with every counted line

Three figures, by the method the document's tables name:

1. Files a new ECDSA curve touches: the Swift files under Sources/ with a
   line of code (comments not counted) naming P-521 (`p521`, `P-521`,
   `secp521r1`, any case), outside Sources/EC (the primitive itself) and
   Sources/PureX509Fuzzing (the fuzz targets' key fixtures). A file whose
   only such lines name it inside a string literal (a message that lists
   the curves) is reported apart.
2. `case` lines naming key kinds or curves: lines of code with a case
   pattern (a switch arm, `if case`, `guard case`, a `, case` condition)
   naming `.rsa`, `.rsaPSS`, `.ec`, `.ecdsa`, `.ed25519`, `.ed448`,
   `.unknown`, `.other`, `.p256`/`.p384`/`.p521` or `.ecP256`…/
   `.ecOtherCurve`, in the same files. It over-counts a little (OCSP's
   `.unknown` status, signature schemes named `.ecdsa`/`.ed25519`/`.rsaPSS`,
   an RSA error arm), the same on both sides of a comparison.
3. Key enums beside the table: enums declared in Sources/ outside Sources/EC
   whose cases name key types or curves (at least two of rsa, rsaPSS, ec,
   ecdsa, ed25519, ed448, p256, p384, p521, ecP256…), the table's own
   `KeyType` listed apart, and three enums that only borrow the names
   (NOT_KEY_MODELS: the prepared key, signature schemes, refusal reasons)
   reported but not counted.
"""
import os
import re
import subprocess
import sys

EXCLUDED = ("Sources/EC/", "Sources/PureX509Fuzzing/")
P521 = re.compile(r"p521|P-521|secp521", re.IGNORECASE)
KIND = re.compile(r"\.(rsa|rsaPSS|ec|ecdsa|ed25519|ed448|unknown|other|p256|p384|p521|"
                  r"ecP256|ecP384|ecP521|ecOtherCurve)\b")
CASE = re.compile(r"^\s*case\b|\b(if|guard|while)\s+case\b|,\s*case\b")
KEY_CASES = {"rsa", "rsaPSS", "ec", "ecdsa", "ed25519", "ed448", "p256", "p384", "p521",
             "ecP256", "ecP384", "ecP521", "ecOtherCurve"}
# Enums whose cases are named after key types but describe something else.
NOT_KEY_MODELS = {
    "VerificationKey": "the prepared key, one case per primitive it holds",
    "SignatureScheme": "signature schemes, not keys",
    "InvalidKeyReason": "a refusal's reason, one case per algorithm's error type",
}
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def sources(rev):
    """(path, text) of every Swift file under Sources/ at `rev` (None: the working tree)."""
    if rev is None:
        for directory, _, names in os.walk("Sources"):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8") as f:
                        yield path, f.read()
        return
    listing = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "Sources"],
                             check=True, capture_output=True, text=True).stdout.splitlines()
    for path in listing:
        if path.endswith(".swift"):
            text = subprocess.run(["git", "show", f"{rev}:{path}"], check=True, capture_output=True,
                                  text=True).stdout
            yield path, text


def strip_comment(line):
    """The line's code: the text before a `//` that is outside string literals."""
    out, in_string, i = [], False, 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                out.append(line[i:i + 2]); i += 2; continue
            if c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif line.startswith("//", i):
            break
        out.append(c)
        i += 1
    return "".join(out)


def key_enums(path, text):
    """Enums declared in `text` whose own cases (at the top level of their
    body, not a nested switch's) name at least two key types or curves."""
    live = "\n".join("" if l.strip().startswith(("//", "/*", "*")) else strip_comment(l) for l in text.splitlines())
    live = STRING.sub('""', live)
    found = []
    for match in re.finditer(r"\benum\s+(\w+)[^{]*\{", live):
        depth, i, top = 1, match.end(), []
        while i < len(live) and depth:
            c = live[i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            if depth == 1:
                top.append(c)
            i += 1
        body = "".join(top)
        cases = set()
        for declaration in re.findall(r"\bcase\s+([^\n;]*)", body):
            # `case a, b(x: T), c`: the names before each payload.
            declaration = re.sub(r"\([^()]*\)", "", re.sub(r"\([^()]*\)", "", declaration))
            cases |= {name.strip().split("=")[0].strip() for name in declaration.split(",")}
        if len(cases & KEY_CASES) >= 2:
            found.append((path, match.group(1)))
    return found


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv[1:]
    rev = args[0] if args else None
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    files, message_files, arms, arm_lines, enums = set(), set(), {}, [], []
    for path, text in sources(rev):
        if path.startswith("Sources/EC/"):
            continue
        enums += key_enums(path, text)
        if path.startswith(EXCLUDED):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith(("//", "/*", "*")):
                continue
            live = strip_comment(line)
            if P521.search(live):
                (files if P521.search(STRING.sub('""', live)) else message_files).add(path)
            if CASE.search(live) and KIND.search(live):
                arms[path] = arms.get(path, 0) + 1
                arm_lines.append(f"{path}:{number}: {stripped}")
    message_files -= files
    print(f"files a new ECDSA curve touches: {len(files)}"
          + (f" (and {len(message_files)} with a message naming the curves)" if message_files else ""))
    for path in sorted(files):
        print(f"  {path}")
    for path in sorted(message_files):
        print(f"  {path} (message)")
    print(f"case lines naming key kinds or curves: {sum(arms.values())} in {len(arms)} files")
    for path in sorted(arms):
        print(f"  {arms[path]:3} {path}")
    if verbose:
        for line in arm_lines:
            print(f"    {line}")
    table = [e for e in enums if e[1] == "KeyType" and e[0].endswith("KeyAlgorithm.swift")]
    apart = [e for e in enums if e[1] in NOT_KEY_MODELS]
    others = [e for e in enums if e not in table and e not in apart]
    print(f"key enums beside the table: {len(others)}"
          + (" (the table's own KeyType not counted)" if table else ""))
    for path, name in others:
        print(f"  {name} ({path})")
    for path, name in apart:
        print(f"  not counted: {name} ({path}): {NOT_KEY_MODELS[name]}")


if __name__ == "__main__":
    main()
