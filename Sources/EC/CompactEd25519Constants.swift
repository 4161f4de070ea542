// The constants of the size-first Ed25519 path (CompactEd25519.swift), from
// RFC 8032 §5.1: p = 2^255 − 19, L = 2^252 + 27742317777372353535851937790883648493,
// d = −121665/121666, B = (x, 4/5) with x even. Field values are times
// R = 2^256 mod p, as CompactModulus keeps them; the Montgomery constants
// are −m⁻¹ mod 2^64, R mod m and R² mod m. The tests run every signature
// vector through this path and the default one (FieldElement25519 and
// Ed25519BaseTable.swift hold the same values in 51-bit limbs), so a wrong
// word here shows as a verdict that differs.

enum CompactEd25519Constants {
    // The two moduli are built out of line: each is 29 words, and every
    // function of the path asks for one, so inlining would copy those
    // stores into each.

    /// GF(p), p = 2^255 − 19.
    static var field: CompactModulus {
        @inline(never) get {
            CompactModulus(modulus: CompactLimbs(words: (0xFFFFFFFFFFFFFFED, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFF, 0, 0, 0, 0, 0)),
                           count: 4, negativeInverse: 0x86BCA1AF286BCA1B,
                           one: CompactLimbs(words: (0x26, 0, 0, 0, 0, 0, 0, 0, 0)),
                           rSquared: CompactLimbs(words: (0x5A4, 0, 0, 0, 0, 0, 0, 0, 0)))
        }
    }

    /// The group order L (only its comparisons and modular sums are used).
    static var order: CompactModulus {
        @inline(never) get {
            CompactModulus(modulus: CompactLimbs(words: (0x5812631A5CF5D3ED, 0x14DEF9DEA2F79CD6, 0, 0x1000000000000000, 0, 0, 0, 0, 0)),
                           count: 4, negativeInverse: 0xD2B51DA312547E1B,
                           one: CompactLimbs(words: (0xD6EC31748D98951D, 0xC6EF5BF4737DCF70, 0xFFFFFFFFFFFFFFFE, 0x0FFFFFFFFFFFFFFF, 0, 0, 0, 0, 0)),
                           rSquared: CompactLimbs(words: (0xA40611E3449C0F01, 0xD00E1BA768859347, 0xCEEC73D217F5BE65, 0x0399411B7C309A3D, 0, 0, 0, 0, 0)))
        }
    }

    /// 2d·R mod p: the addition's factor, and (halved away) the decoding's d.
    static var twiceD: CompactLimbs {
        CompactLimbs(words: (0x01DB17FDBE8FD3F4, 0x21430EEF5F8C52E7, 0xCB27240F78310D20, 0x590456B4E53F8A4D, 0, 0, 0, 0, 0))
    }

    /// 2^((p−1)/4)·R mod p, a square root of −1 (RFC 8032 §5.1.3 step 3).
    static var sqrtMinusOne: CompactLimbs {
        CompactLimbs(words: (0x3B5807D4FE2BDB04, 0x03F590FDB51BE9ED, 0x6D6E16BF336202D1, 0x75776B0BD6C71BA8, 0, 0, 0, 0, 0))
    }

    /// (p − 5)/8 = 2^252 − 3, the exponent of RFC 8032 §5.1.3 step 2.
    static var pMinus5Over8: CompactLimbs {
        CompactLimbs(words: (0xFFFFFFFFFFFFFFFD, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x0FFFFFFFFFFFFFFF, 0, 0, 0, 0, 0))
    }

    /// B's coordinates times R mod p.
    static var baseX: CompactLimbs {
        CompactLimbs(words: (0xE2CABC553F9DA287, 0x9CA598562396E489, 0x9879936BADE4B5B7, 0x759E23707E6077D0, 0, 0, 0, 0, 0))
    }

    static var baseY: CompactLimbs {
        CompactLimbs(words: (0x333333333333334A, 0x3333333333333333, 0x3333333333333333, 0x3333333333333333, 0, 0, 0, 0, 0))
    }
}
