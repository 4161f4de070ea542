// Masks for the one path that touches a secret: computing a public key from
// a private key (PrivateKeyDerivation.swift, Ed25519KeyDerivation.swift).
//
// Timing contract of that path: no branch and no memory index depends on
// the secret. Decisions are all-ones / all-zeros masks made from the
// arithmetic itself (x | −x has its top bit set exactly when x ≠ 0), and a
// table entry is chosen by reading every entry and keeping one with the
// masks. The field kernels underneath (Limbs*Kernels.swift,
// P384Field*.swift, P521Field*.swift, FieldElement25519.swift) are
// straight-line already: their final reductions subtract the modulus and
// keep a result with `select`, never with a branch. What branches on data
// in this module — `isZero`, `==`, the exceptional cases of
// JacobianPoint.adding, the NAF recodings — is used by verification only,
// on public values, and is not called from the derivation.

/// All ones when x is zero, else zero, hidden from the optimiser
/// (`valueBarrier`).
@inline(__always)
func maskIfZero(_ x: UInt64) -> UInt64 {
    valueBarrier(((x | (0 &- x)) >> 63) &- 1)
}

/// x, through a call the optimiser does not look into. Without it LLVM
/// proves that a mask from `maskIfZero` is 0 or all ones, turns
/// `(a & mask) | (b & ~mask)` back into a select, and may then emit a
/// branch: in the Ed25519 table scan it made the 16-entry loop stop at the
/// entry equal to the digit and load only that one — a branch and an index
/// on the secret (seen in the x86_64 release build). An unoptimised,
/// never-inlined function is the portable barrier Swift offers (C code
/// uses an empty `asm` with the value as operand); its cost is one call
/// per mask, a few thousand per derivation.
@inline(never) @_optimize(none)
func valueBarrier(_ x: UInt64) -> UInt64 { x }

/// All ones when a == b, else zero.
@inline(__always)
func maskIfEqual(_ a: UInt64, _ b: UInt64) -> UInt64 {
    maskIfZero(a ^ b)
}

/// A field element of the NIST curves that can be chosen by a mask and read
/// out canonically without a branch on its value.
protocol ConstantTimeFieldElement: CurveFieldElement {
    /// a where `mask` is all ones, b where it is zero.
    static func select(_ mask: UInt64, _ a: Self, _ b: Self) -> Self
    /// The integer below p that the element stands for.
    var canonicalValue: Limbs { get }
}

extension Residue: ConstantTimeFieldElement {
    @inline(__always)
    static func select(_ mask: UInt64, _ a: Residue, _ b: Residue) -> Residue {
        Residue(montgomery: M.Limbs.select(mask, a.limbs, b.limbs))
    }

    /// A product with 1 (Montgomery) or the special-form reduction (R = 1):
    /// both end in a masked subtraction.
    var canonicalValue: M.Limbs { value }
}

extension P521Element: ConstantTimeFieldElement {
    @inline(__always)
    static func select(_ mask: UInt64, _ a: P521Element, _ b: P521Element) -> P521Element {
        let x = a.value.limbs, y = b.value.limbs
        @inline(__always) func pick(_ u: UInt64, _ v: UInt64) -> UInt64 { (u & mask) | (v & ~mask) }
        return P521Element(Limbs58(pick(x.0, y.0), pick(x.1, y.1), pick(x.2, y.2), pick(x.3, y.3), pick(x.4, y.4),
                                   pick(x.5, y.5), pick(x.6, y.6), pick(x.7, y.7), pick(x.8, y.8)))
    }

    /// A carry pass and P521.Field.canonical, which subtracts p by mask.
    var canonicalValue: Limbs9 { value.packed() }
}

extension FieldElement25519 {
    /// a where `mask` is all ones, b where it is zero.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: Self, _ b: Self) -> Self {
        Self((a.l0 & mask) | (b.l0 & ~mask), (a.l1 & mask) | (b.l1 & ~mask), (a.l2 & mask) | (b.l2 & ~mask),
             (a.l3 & mask) | (b.l3 & ~mask), (a.l4 & mask) | (b.l4 & ~mask))
    }
}
