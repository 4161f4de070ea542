#!/usr/bin/env python3
"""Writes certificates (and CRLs, .p12 files) as Swift array literals, for
the Embedded smoke programs (wasm32 and Cortex-M), which have no file
system to read them from.

    embed-certificates.py NAME=FILE[:INDEX] ... > Certificates.swift

FILE is PEM (its INDEX-th block of any label, 0 by default) or raw bytes."""
import base64
import sys


def contents(path, index):
    data = open(path, "rb").read()
    if b"-----BEGIN " not in data:
        return data
    blocks = data.decode().split("-----BEGIN ")[1:]
    body = blocks[index].split("-----", 1)[1].split("-----END ")[0]
    return base64.b64decode("".join(body.split()))


for argument in sys.argv[1:]:
    name, source = argument.split("=", 1)
    path, _, index = source.partition(":")
    der = contents(path, int(index or 0))
    print("let %s: [UInt8] = [%s]" % (name, ", ".join(str(b) for b in der)))
