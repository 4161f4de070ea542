#!/usr/bin/env python3
"""Writes the generated symmetric vectors beside this script.

pkcs12-kdf.txt  RFC 7292 Appendix B.2 outputs. Each is computed by the small
                reimplementation below (hashlib) and, where the OpenSSL
                command line can take the input (non-empty password and
                salt), also
                by `openssl kdf ... PKCS12KDF`; the script stops if the two
                disagree. The ORACLE field says which produced the line.
rc2-openssl.txt RC2-CBC ciphertexts from `openssl enc` (OpenSSL 3 legacy
                provider) for the three key sizes its command line offers,
                with random keys, IVs and plaintexts; then 30 with random
                key lengths and effective key sizes, from libcrypto's
                RC2_set_key/RC2_ecb_encrypt through ctypes, chained in CBC here.
hmac-truncated.txt  RFC 4231 §4.6 / RFC 2202 style truncated outputs: the
                first bytes of the full HMAC from Python's hmac module.

Run: python3 Vectors/symmetric/generated/generate.py  (needs openssl 3 on PATH).
"""
import hashlib, hmac, os, random, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(27)  # fixed seed: the files are reproducible

def pkcs12_kdf(name, password, salt, iterations, purpose, length):
    h = hashlib.new(name)
    u, v = h.digest_size, h.block_size
    def fill(data):
        if not data:
            return b""
        total = v * ((len(data) + v - 1) // v)
        return (data * (total // len(data) + 1))[:total]
    d = bytes([purpose]) * v
    i = bytearray(fill(salt) + fill(password))
    out = b""
    while True:
        a = hashlib.new(name, d + bytes(i)).digest()
        for _ in range(iterations - 1):
            a = hashlib.new(name, a).digest()
        out += a
        if len(out) >= length:
            return out[:length]
        b = int.from_bytes((a * (v // u + 1))[:v], "big")
        for j in range(0, len(i), v):
            block = (int.from_bytes(i[j:j + v], "big") + b + 1) % (1 << (8 * v))
            i[j:j + v] = block.to_bytes(v, "big")

def openssl_kdf(name, password, salt, iterations, purpose, length):
    digest = {"sha1": "SHA1", "sha224": "SHA224", "sha256": "SHA256", "sha384": "SHA384", "sha512": "SHA512"}[name]
    args = ["openssl", "kdf", "-keylen", str(length), "-kdfopt", "digest:" + digest,
            "-kdfopt", "hexpass:" + password.hex(), "-kdfopt", "iter:%d" % iterations,
            "-kdfopt", "id:%d" % purpose, "PKCS12KDF"]
    args[-1:-1] = ["-kdfopt", "hexsalt:" + salt.hex()]
    text = subprocess.run(args, check=True, capture_output=True, text=True).stdout.strip()
    return bytes.fromhex(text.replace(":", ""))

def bmp(password):
    return b"" if password is None else password.encode("utf-16-be") + b"\0\0"

def write_kdf():
    lines = ["# RFC 7292 Appendix B.2 key derivation; made by generate.py (see its docstring).",
             "# DIGEST PASSWORD(BMPString hex, '-' for absent) SALT ITERATIONS ID LENGTH OUTPUT ORACLE"]
    passwords = [None, "", "password", "smeg", "Ünïcødé 🔑", "x" * 70]
    count = 0
    for name in ["sha1", "sha224", "sha256", "sha384", "sha512"]:
        for password in passwords:
            for purpose in (1, 2, 3):
                for length in ([1, 5, 8, 16, 20, 24, 33, 64, 65, 100] if name in ("sha1", "sha256") else [24, 33]):
                    salt = bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 8, 20, 64, 65])))
                    iterations = rng.choice([1, 2, 3, 100, 1024, 2048])
                    p = bmp(password)
                    out = pkcs12_kdf(name, p, salt, iterations, purpose, length)
                    oracle = "python"
                    if p and salt:  # the openssl command line refuses an empty password or salt
                        theirs = openssl_kdf(name, p, salt, iterations, purpose, length)
                        if theirs != out:
                            sys.exit("disagreement with OpenSSL: %s %r" % (name, password))
                        oracle = "openssl+python"
                    lines.append("%s %s %s %d %d %d %s %s" % (name, p.hex() if password is not None else "-",
                                 salt.hex() or "-", iterations, purpose, length, out.hex(), oracle))
                    count += 1
    open(os.path.join(here, "pkcs12-kdf.txt"), "w").write("\n".join(lines) + "\n")
    return count

def write_rc2():
    lines = ["# RC2-CBC without padding from `openssl enc -nopad` (legacy provider); made by generate.py.",
             "# KEY EFFECTIVE_BITS IV PLAINTEXT CIPHERTEXT"]
    for cipher, key_length, bits in [("rc2-cbc", 16, 128), ("rc2-40-cbc", 5, 40), ("rc2-64-cbc", 8, 64)]:
        for _ in range(20):
            key = bytes(rng.randrange(256) for _ in range(key_length))
            iv = bytes(rng.randrange(256) for _ in range(8))
            plain = bytes(rng.randrange(256) for _ in range(8 * rng.randrange(1, 9)))
            result = subprocess.run(["openssl", "enc", "-provider", "legacy", "-provider", "default", "-" + cipher,
                                     "-K", key.hex(), "-iv", iv.hex(), "-nopad"], input=plain, check=True, capture_output=True)
            lines.append("%s %d %s %s %s" % (key.hex(), bits, iv.hex(), plain.hex(), result.stdout.hex()))
    import ctypes, ctypes.util
    lib = ctypes.CDLL(ctypes.util.find_library("crypto"))
    for _ in range(30):
        key = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 129)))
        bits = rng.randrange(1, 1025)
        iv = bytes(rng.randrange(256) for _ in range(8))
        plain = bytes(rng.randrange(256) for _ in range(8 * rng.randrange(1, 5)))
        schedule = ctypes.create_string_buffer(1024)
        lib.RC2_set_key(schedule, len(key), key, bits)
        previous, cipher = iv, b""
        for i in range(0, len(plain), 8):
            block = bytes(a ^ b for a, b in zip(plain[i:i + 8], previous))
            out = ctypes.create_string_buffer(8)
            lib.RC2_ecb_encrypt(block, out, schedule, 1)
            previous = out.raw
            cipher += previous
        lines.append("%s %d %s %s %s" % (key.hex(), bits, iv.hex(), plain.hex(), cipher.hex()))
    open(os.path.join(here, "rc2-openssl.txt"), "w").write("\n".join(lines) + "\n")

def write_truncated():
    lines = ["# Truncated HMAC outputs: the first LENGTH bytes of Python hmac's full output; made by generate.py.",
             "# The key and message are RFC 4231 test case 5's (key 0x0c x 20, \"Test With Truncation\").",
             "# DIGEST KEY MESSAGE LENGTH MAC"]
    key, message = b"\x0c" * 20, b"Test With Truncation"
    for name in ["sha1", "sha224", "sha256", "sha384", "sha512"]:
        for length in (12, 16):
            lines.append("%s %s %s %d %s" % (name, key.hex(), message.hex(), length, hmac.new(key, message, name).digest()[:length].hex()))
    open(os.path.join(here, "hmac-truncated.txt"), "w").write("\n".join(lines) + "\n")

if __name__ == "__main__":
    n = write_kdf()
    write_rc2()
    write_truncated()
    print("pkcs12-kdf.txt: %d vectors" % n)
