// GF(p) for P-521, p = 2^521 − 1 (FIPS 186-5 / SP 800-186 §3.2.1.5): a
// Mersenne prime, so 2^521 ≡ 1 and a double-width product reduces by adding
// its bits above 521 to its low 521 bits (Solinas, "Generalized Mersenne
// numbers", 1999) — cheaper than a Montgomery reduction, which would cost as
// many multiplications as the product itself. Field elements are therefore
// plain integers below p (the constants use R = 1), and the product and
// square in P521FieldKernels.swift replace the Montgomery ones.

extension P521.Field {
    /// (low + high) mod p for low < 2^521 and high < 2^521: at most two
    /// folds of bit 521, then one subtraction of p, which leaves it canonical
    /// (p itself becomes 0).
    @inline(__always)
    static func fold(_ low: Limbs9, _ high: Limbs9) -> Limbs9 {
        // low + high < 2^522: the sum fits in 9 limbs with bit 521 as the top carry.
        var sum = Limbs9.add(low, high).sum
        let carry = sum.words.8 >> 9
        sum.words.8 &= 0x1FF
        var one = Limbs9.zero
        one.words.0 = carry
        // sum < 2^521 and carry ≤ 1, so this is ≤ 2^521: at most p + 1.
        sum = Limbs9.add(sum, one).sum
        let (reduced, borrow) = Limbs9.subtract(sum, modulus)
        return Limbs9.select(0 &- borrow, sum, reduced)
    }
}
