#!/usr/bin/env python3
"""Generates Sources/EC/P256Constants.swift, P384Constants.swift, P521Constants.swift
and CompactCurveConstants.swift.

Run from the repository root:  python3 scripts/ec-constants.py

Curve parameters are those of FIPS 186-5 / SP 800-186 §3.2.1 (equal to SEC 2 v2
§2.4.2, §2.5.1, §2.6.1). Every constant the Swift code needs is derived here from
p, n, b and G, and checked (G on the curve, n·G = ∞), so nothing in the Swift
sources is typed by hand:
  - Montgomery constants for p and n: R = 2^(64·limbs), −m⁻¹ mod 2^64, R mod m,
    R² mod m, m − 2 (the Fermat exponent, the tests' reference inverse); for
    the p of P-384 and P-521, which reduce by their special form, R = 1
    (elements are plain integers);
  - b times R;
  - the generator table: the odd multiples G, 3G, …, (2^(w−1) − 1)·G in affine
    coordinates times R, for the width-w NAF of u1 (w = GENERATOR_WINDOW);
  - the shifted generator tables: the same odd multiples of 2^(j·span)·G for
    j = 1 … SPLIT_PARTS − 1, span = ⌈(bits(n) + 1) / SPLIT_PARTS⌉, for the
    split multiplication with a key's precomputed multiples
    (SplitScalarMultiplication.swift).
For the size-first configuration's runtime-sized arithmetic
(CompactECDSA.swift), CompactCurveConstants.swift holds the same curves in
nine-limb words with R = 2^(64·limbs) for p and n alike, and no tables.
The tables are emitted as a `static let` array of integer literals, which the
compiler emits as a statically initialised object: no heap and no start-up
work (on Linux, one check of the object header on first use).
"""
import os

GENERATOR_WINDOW = 8
SPLIT_PARTS = 4

CURVES = [
    dict(
        name="P256", display="P-256", limbs=4, file="P256Constants.swift",
        p=2**256 - 2**224 + 2**192 + 2**96 - 1,
        n=0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
        b=0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B,
        gx=0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
        gy=0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5,
    ),
    dict(
        name="P384", display="P-384", limbs=6, file="P384Constants.swift",
        # p = 2^384 − 2^128 − 2^96 + 2^32 − 1 reduces by its special form
        # (P384Field.swift): field elements are plain integers (R = 1).
        plain_field="P384Field.swift",
        p=2**384 - 2**128 - 2**96 + 2**32 - 1,
        n=0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973,
        b=0xB3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875AC656398D8A2ED19D2A85C8EDD3EC2AEF,
        gx=0xAA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A385502F25DBF55296C3A545E3872760AB7,
        gy=0x3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C00A60B1CE1D7E819D7A431D7C90EA0E5F,
    ),
    dict(
        name="P521", display="P-521", limbs=9, file="P521Constants.swift",
        # p = 2^521 − 1 reduces by folding (P521Field.swift): field elements are
        # kept as plain integers, i.e. "Montgomery form" with R = 1.
        plain_field="P521Field.swift",
        # The point formulas use the radix-2^58 element of P521Element.swift.
        element="P521Element",
        p=2**521 - 1,
        n=0x01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409,
        b=0x0051953EB9618E1C9A1F929A21A0B68540EEA2DA725B99B315F3B8B489918EF109E156193951EC7E937B1652C0BD3BB1BF073573DF883D2C34F1EF451FD46B503F00,
        gx=0x00C6858E06B70404E9CD9E3ECB662395B4429C648139053FB521F828AF606B4D3DBAA14B5E77EFE75928FE1DC127A2FFA8DE3348B3C1856A429BF97E7E31C2E5BD66,
        gy=0x011839296A789A3BC0045C8A5FB42C7D1BD998F54449579B446817AFBD17273E662C97EE72995EF42640C550B9013FAD0761353C7086A272C24088BE94769FD16650,
    ),
]


def affine_add(P, Q, p):
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = (3 * x1 * x1 - 3) * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)


def scalar_mul(k, P, p):
    result = None
    while k:
        if k & 1:
            result = affine_add(result, P, p)
        P = affine_add(P, P, p)
        k >>= 1
    return result


def limbs(value, count):
    return [(value >> (64 * i)) & (2**64 - 1) for i in range(count)]


def limb_literal(value, count):
    return "Limbs%d(%s)" % (count, ", ".join("0x%016X" % w for w in limbs(value, count)))


def modulus_block(kind, m, count, why, R):
    assert m % 2 == 1 and m < 2 ** (64 * count)
    return f"""    /// {why}
    enum {kind}: PrimeModulus {{
        static var modulus: Limbs{count} {{ {limb_literal(m, count)} }}
        static var negativeInverse: UInt64 {{ 0x{(-pow(m, -1, 2**64)) % 2**64:016X} }}
        static var one: Limbs{count} {{ {limb_literal(R % m, count)} }}
        static var rSquared: Limbs{count} {{ {limb_literal(R * R % m, count)} }}
        static var inversionExponent: Limbs{count} {{ {limb_literal(m - 2, count)} }}
    }}
"""


def table_lines(points, R, p, count):
    words = []
    for (x, y) in points:
        words += limbs(x * R % p, count) + limbs(y * R % p, count)
    per_line = count if count <= 6 else 3
    return ["        " + ", ".join("0x%016X" % w for w in words[i:i + per_line]) + ","
            for i in range(0, len(words), per_line)]


def generate(curve):
    p, n, b, count = curve["p"], curve["n"], curve["b"], curve["limbs"]
    G = (curve["gx"], curve["gy"])
    assert (G[1] ** 2 - (G[0] ** 3 - 3 * G[0] + b)) % p == 0, "G not on the curve"
    assert scalar_mul(n, G, p) is None, "n·G is not the point at infinity"
    assert n < p < 2 * n
    R_n = 2 ** (64 * count)
    R = 1 if curve.get("plain_field") else R_n
    field_why = (f"GF(p), elements as plain integers below p (R = 1): p has a special form ({curve.get('plain_field')})."
                 if R == 1 else "GF(p), elements in Montgomery form with R = 2^" + str(64 * count) + ".")
    bits = n.bit_length()
    table = []
    twoG = affine_add(G, G, p)
    point = G
    for _ in range(2 ** (GENERATOR_WINDOW - 2)):
        table.append(point)
        point = affine_add(point, twoG, p)
    span = -(-(bits + 1) // SPLIT_PARTS)
    shifted = []
    for j in range(1, SPLIT_PARTS):
        base = scalar_mul(2 ** (j * span), G, p)
        twice = affine_add(base, base, p)
        point = base
        for _ in range(2 ** (GENERATOR_WINDOW - 2)):
            shifted.append(point)
            point = affine_add(point, twice, p)
    lines = table_lines(table, R, p, count)
    shifted_lines = table_lines(shifted, R, p, count)
    name = curve["name"]
    return f"""// Generated by scripts/ec-constants.py from the {curve["display"]} parameters of
// FIPS 186-5 / SP 800-186 §3.2.1; do not edit, rerun the script.

/// {curve["display"]}: y² = x³ − 3x + b over GF(p), a group of prime order n.
enum {name}: WeierstrassCurve {{
    typealias Limbs = Limbs{count}
    typealias Element = {curve.get("element", "Residue<Field>")}

{modulus_block("Field", p, count, field_why, R)}
{modulus_block("Order", n, count, "Scalars mod n, for w = s⁻¹ and u1, u2 (FIPS 186-5 §6.4.2 steps 4–5).", R_n)}
    /// b·R mod p (R of the field above).
    static var b: Limbs{count} {{ {limb_literal(b * R % p, count)} }}
    /// Octets of a coordinate and of a scalar (SEC 1 §2.3.5: ⌈log2(p)/8⌉).
    static var coordinateByteCount: Int {{ {(p.bit_length() + 7) // 8} }}
    /// Bit length of n, for digest truncation (FIPS 186-5 §6.4.2 step 3) and the NAF length.
    static var orderBitCount: Int {{ {bits} }}
    /// The window of the generator's NAF; `generatorTable` holds 2^(w−2) points.
    static var generatorWindow: Int {{ {GENERATOR_WINDOW} }}
    /// G, 3G, 5G, …, {2 ** (GENERATOR_WINDOW - 1) - 1}G: affine x then y, each {count} little-endian limbs, times R mod p.
    static let generatorTable: [UInt64] = [
{chr(10).join(lines)}
    ]
    /// The split of a scalar's NAF into {SPLIT_PARTS} parts of this many digits (SplitScalarMultiplication.swift).
    static var splitSpan: Int {{ {span} }}
    /// The odd multiples of 2^(j·{span})·G for j = 1 … {SPLIT_PARTS - 1}, {2 ** (GENERATOR_WINDOW - 2)} points each, laid out as `generatorTable`.
    static let shiftedGeneratorTable: [UInt64] = [
{chr(10).join(shifted_lines)}
    ]
}}
"""


def compact_words(value):
    return "CompactLimbs(words: (%s))" % ", ".join("0x%016X" % w for w in limbs(value, 9))


def compact_modulus(m, count):
    R = 2 ** (64 * count)
    return (f"CompactModulus(modulus: {compact_words(m)},\n"
            f"                           count: {count}, negativeInverse: 0x{(-pow(m, -1, 2**64)) % 2**64:016X},\n"
            f"                           one: {compact_words(R % m)},\n"
            f"                           rSquared: {compact_words(R * R % m)})")


def generate_compact():
    blocks = []
    for curve in CURVES:
        p, n, count = curve["p"], curve["n"], curve["limbs"]
        R = 2 ** (64 * count)
        blocks.append(f"""    /// {curve["display"]}.
    static var {curve["name"].lower()}: CompactCurve {{
        CompactCurve(field: {compact_modulus(p, count)},
                     order: {compact_modulus(n, count)},
                     b: {compact_words(curve["b"] * R % p)},
                     generatorX: {compact_words(curve["gx"] * R % p)},
                     generatorY: {compact_words(curve["gy"] * R % p)},
                     coordinateByteCount: {(p.bit_length() + 7) // 8}, orderBitCount: {n.bit_length()})
    }}""")
    return f"""// Generated by scripts/ec-constants.py from the parameters of FIPS 186-5 /
// SP 800-186 §3.2.1; do not edit, rerun the script. Nine-limb words, least
// significant first; b and G times R = 2^(64·count) mod p, as the
// size-first arithmetic keeps them (CompactECDSA.swift).

extension CompactCurve {{
{(chr(10) + chr(10)).join(blocks)}
}}
"""


if __name__ == "__main__":
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "EC")
    for curve in CURVES:
        with open(os.path.join(root, curve["file"]), "w") as out:
            out.write(generate(curve))
    with open(os.path.join(root, "CompactCurveConstants.swift"), "w") as out:
        out.write(generate_compact())

