#!/usr/bin/env python3
"""What each module contributes to a linked wasm module: the bytes of code
(function bodies, by the module named in each function's mangled Swift name)
and of data segments.

    wasm-sizes.py MODULE.wasm [--top N]
    wasm-sizes.py --compare LABEL=MODULE.wasm ...   (a Markdown table)

The module must keep its name section (link without --strip-all). Swift
names are mangled as $s<length><module>...; a specialisation is counted in
the module whose code it specialises (its first module name), and what has
no Swift name (the shim, the Embedded runtime) is counted under "runtime"."""
import re
import sys


def leb(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def sections(data):
    assert data[:4] == b"\0asm", "not a wasm module"
    at = 8
    while at < len(data):
        kind = data[at]
        size, at = leb(data, at + 1)
        yield kind, data[at:at + size]
        at += size


def analyse(path):
    data = open(path, "rb").read()
    imported = 0
    bodies = []
    names = {}
    data_bytes = 0
    for kind, body in sections(data):
        if kind == 2:
            count, at = leb(body, 0)
            for _ in range(count):
                for _ in range(2):
                    length, at = leb(body, at)
                    at += length
                desc = body[at]
                at += 1
                if desc == 0:
                    _, at = leb(body, at)
                    imported += 1
                elif desc == 1:
                    at += 1
                    flags, at = leb(body, at)
                    _, at = leb(body, at)
                    if flags & 1:
                        _, at = leb(body, at)
                elif desc == 2:
                    flags, at = leb(body, at)
                    _, at = leb(body, at)
                    if flags & 1:
                        _, at = leb(body, at)
                else:
                    at += 2
        elif kind == 10:
            count, at = leb(body, 0)
            for _ in range(count):
                size, at = leb(body, at)
                bodies.append(size)
                at += size
        elif kind == 11:
            data_bytes = len(body)
        elif kind == 0:
            length, at = leb(body, 0)
            if body[at:at + length] != b"name":
                continue
            at += length
            while at < len(body):
                sub = body[at]
                size, at = leb(body, at + 1)
                end = at + size
                if sub == 1:
                    count, at = leb(body, at)
                    for _ in range(count):
                        index, at = leb(body, at)
                        length, at = leb(body, at)
                        names[index] = body[at:at + length].decode("utf-8", "replace")
                        at += length
                at = end
    functions = [(names.get(imported + i, "?"), size) for i, size in enumerate(bodies)]
    return functions, data_bytes


def module_of(name):
    # Embedded Swift mangles as $e (ordinary Swift as $s), then the module
    # as <length><name>; the standard library's own types are abbreviated
    # (s, S…), which no length prefix starts.
    word = re.match(r"\$[es](\d+)", name)
    if word:
        start = word.end()
        module = name[start:start + int(word.group(1))]
        # The standard library's underscored helpers are mangled like a module.
        return "Swift" if module.startswith("_") else module
    return "Swift" if name.startswith(("$e", "$s")) else "runtime"


def totals(path):
    functions, data_bytes = analyse(path)
    result = {}
    for name, size in functions:
        module = module_of(name)
        result[module] = result.get(module, 0) + size
    return functions, data_bytes, result


def compare(columns):
    """A Markdown table: bytes of code per module, then data, in each module given."""
    measured = [(label, totals(path)) for label, path in columns]
    modules = sorted({m for _, (_, _, t) in measured for m in t}, key=lambda m: -max(t.get(m, 0) for _, (_, _, t) in measured))
    print("| module | " + " | ".join(label for label, _ in measured) + " |")
    print("|---|" + "---:|" * len(measured))
    for module in modules:
        print("| %s | %s |" % (module, " | ".join("{:,}".format(t.get(module, 0)) for _, (_, _, t) in measured)))
    print("| (data) | %s |" % " | ".join("{:,}".format(d) for _, (_, d, _) in measured))
    print("| (code and data) | %s |" % " | ".join("{:,}".format(d + sum(t.values())) for _, (_, d, t) in measured))


def main():
    if sys.argv[1] == "--compare":
        compare([argument.split("=", 1) for argument in sys.argv[2:]])
        return
    path = sys.argv[1]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 0
    functions, data_bytes, modules = totals(path)
    for module, size in sorted(modules.items(), key=lambda item: -item[1]):
        print("%-12s %9d" % (module, size))
    print("%-12s %9d" % ("(data)", data_bytes))
    print("%-12s %9d" % ("(code)", sum(size for _, size in functions)))
    if top:
        print()
        for name, size in sorted(functions, key=lambda item: -item[1])[:top]:
            print("%7d %s" % (size, name))


main()
