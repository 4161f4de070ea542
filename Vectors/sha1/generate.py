#!/usr/bin/env python3
"""SHA-1 reference digests from Python's hashlib, for messages of length
0..300 whose byte i is (i*31 + 7) mod 256. Written here; public domain."""
import hashlib
import os

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "hashlib.txt"), "w") as f:
    f.write("# length sha1-hex (message byte i = (i*31 + 7) mod 256)\n")
    for n in range(301):
        f.write(f"{n} {hashlib.sha1(bytes((i * 31 + 7) % 256 for i in range(n))).hexdigest()}\n")
