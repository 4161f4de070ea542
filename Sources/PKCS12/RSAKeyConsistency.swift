import BigNum

// Whether an RSA private key's private integers belong to its modulus.
//
// Pairing compares a key with a certificate by n and e alone, and those
// are public: a file can carry a certificate's n and e beside primes and
// exponents of another key (or of none), and the pair would be reported as
// matching although the key cannot sign for the certificate. So before an
// RSA key is paired, RFC 8017 §3.2's relations are checked:
//
//   n = p·q, with p, q > 1 and 0 < d < n;
//   e·d ≡ 1 (mod p−1) and (mod q−1), which holds whether d was taken
//   modulo λ(n) or φ(n);
//   when the CRT parts are present (any of them non-zero; some writers
//   leave all three zero): dP = d mod (p−1), dQ = d mod (q−1), dP < p−1,
//   and q·qInv ≡ 1 (mod p) with qInv < p.
//
// Together these make d a working private exponent for n and e: for any
// m, m^(e·d) ≡ m modulo p and modulo q, hence modulo n. Primality of p and
// q is not tested: a key whose "primes" are composite still decrypts and
// signs consistently with these relations, and a primality test would
// cost far more than the reader's budget allows per key.
//
// Timing: BigNum is variable-time (its timing contract), and here it runs
// over secret values. The time of the check depends on the lengths of d,
// p, q and the CRT parts and, in the remainders, on the bits of d and e·d:
// someone who can time the opening of a file learns about as much as a
// variable-time RSA implementation would leak from one operation. The
// check runs once per key when the file is opened, never per signature;
// docs/pkcs12.md says the same.

/// Where RSAPrivateKey's private integers sit in the key's PKCS #8 bytes (INTEGER contents).
struct RSAPrivateParts: Sendable {
    let d: Range<Int>
    let p: Range<Int>
    let q: Range<Int>
    let dP: Range<Int>
    let dQ: Range<Int>
    let qInv: Range<Int>

    /// The RSA module's upper bound (`RSAPublicKey.maximumModulusBits`): no
    /// certificate key is larger, and the check costs grow with its square.
    static let maximumModulusBits = 16_384
}

extension PrivateKey {
    /// Work units the consistency check costs (see `WorkCost`): its
    /// remainders' and products' word operations, about 60 to a unit (a
    /// tenth of a SHA-256 compression) here; 0 for keys that are not RSA.
    var rsaConsistencyCost: Int {
        guard let parts = rsaPrivateParts else { return 0 }
        let nBits = rsaModulus.count * 8
        let eBits = rsaExponent.count * 8
        let pLimbs = (parts.p.count + 7) / 8, qLimbs = (parts.q.count + 7) / 8
        let edBits = WorkCost.add(nBits, eBits)
        var operations = 0
        for (bits, limbs) in [(edBits, pLimbs), (edBits, qLimbs), (nBits, pLimbs), (nBits, qLimbs), (nBits, pLimbs)] {
            operations = WorkCost.add(operations, BigUInt.remainderCost(dividendBits: bits, divisorLimbs: limbs))
        }
        let nLimbs = (rsaModulus.count + 7) / 8, eLimbs = (rsaExponent.count + 7) / 8
        operations = WorkCost.add(operations, WorkCost.multiply(3 * nLimbs, WorkCost.add(nLimbs, eLimbs)))
        return operations / 60 + 1
    }

    /// Whether the private integers belong to n and e (see the top of this
    /// file); true for keys that are not RSA.
    func rsaPrivatePartsAreConsistent() -> Bool {
        guard let parts = rsaPrivateParts else { return true }
        func integer(_ range: Range<Int>) -> BigUInt { BigUInt(bigEndian: pkcs8[range]) }
        let n = BigUInt(bigEndian: rsaModulus), e = BigUInt(bigEndian: rsaExponent)
        let d = integer(parts.d), p = integer(parts.p), q = integer(parts.q)
        let one = BigUInt(1)
        guard one < p, one < q, !d.isZero, d < n, p.multiplied(by: q) == n,
              let pMinus1 = p.subtracting(one), let qMinus1 = q.subtracting(one) else { return false }
        let ed = e.multiplied(by: d)
        guard ed.remainder(dividingBy: pMinus1) == one, ed.remainder(dividingBy: qMinus1) == one else { return false }
        let dP = integer(parts.dP), dQ = integer(parts.dQ), qInv = integer(parts.qInv)
        // Some writers leave the CRT parts zero; then n, p, q and d carry the key.
        if dP.isZero && dQ.isZero && qInv.isZero { return true }
        return d.remainder(dividingBy: pMinus1) == dP && d.remainder(dividingBy: qMinus1) == dQ
            && qInv < p && q.multiplied(by: qInv).remainder(dividingBy: p) == one
    }
}
