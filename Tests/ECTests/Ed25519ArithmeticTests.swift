@testable import EC
import SHA2
import Testing
import TestSupport

/// The pieces under the vectors, checked against values computed with
/// Python's integers: k = SHA-512(…) mod L by Barrett reduction, and the
/// field's canonical form and inverse.
struct Ed25519ArithmeticTests {
    struct Reduction: CustomTestStringConvertible, Sendable {
        let why: String, wide: String, reduced: String
        var testDescription: String { why }
    }

    /// 64-byte little-endian inputs and their residues mod L (python3:
    /// `(v % L).to_bytes(32, 'little')`).
    static let reductions: [Reduction] = [
        Reduction(why: "2^512 − 1, the largest digest",
                  wide: String(repeating: "ff", count: 64),
                  reduced: "000f9c44e31106a447938568a71b0ed065bef517d273ecce3d9a307c1b419903"),
        Reduction(why: "L", wide: "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010" + String(repeating: "00", count: 32),
                  reduced: String(repeating: "00", count: 32)),
        Reduction(why: "L − 1", wide: "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010" + String(repeating: "00", count: 32),
                  reduced: "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"),
        Reduction(why: "2L", wide: "daa7ebb934c624b0ac39ef45bdf3bd2900000000000000000000000000000020" + String(repeating: "00", count: 32),
                  reduced: String(repeating: "00", count: 32)),
        Reduction(why: "L²", wide: "698912ab85f6ede21da3982276920368bef517d273ecce3d9a307c1b4199b3a17dba9e4b634c02cb9af35ed43bdf9b0200000000000000000000000000000001",
                  reduced: String(repeating: "00", count: 32)),
        Reduction(why: "2^256", wide: String(repeating: "00", count: 32) + "01" + String(repeating: "00", count: 31),
                  reduced: "1d95988d7431ecd670cf7d73f45befc6feffffffffffffffffffffffffffff0f"),
        Reduction(why: "2^252 (below L)", wide: String(repeating: "00", count: 31) + "10" + String(repeating: "00", count: 32),
                  reduced: String(repeating: "00", count: 31) + "10"),
        Reduction(why: "⌊(2^512 − 1)/L⌋·L − 1: the largest multiple of L in range, minus one",
                  wide: "fef063bb1ceef95bb86c7a9758e4f12f9a410ae82d8c1331c265cf83e4be66fc" + String(repeating: "ff", count: 32),
                  reduced: "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"),
        Reduction(why: "2^511", wide: String(repeating: "00", count: 63) + "80",
                  reduced: "77f1c8d07e3a0cfe0e98be05c38a76f232dffa0be93976e71e4d18be8da0cc09"),
        Reduction(why: "random 1", wide: "490b1f2afcecee04549fa0850bdacb3c8aece0676d94ec6259e3ee974a0e83f48e6fc699fbbee260be0cfbaf81fe2c08f5cea89ee2a64860e58a5a6df15e323f",
                  reduced: "36b85026a9c3210b4bb50ea2ab07b2e6b4744b07c575aecdc71a878f81b25205"),
        Reduction(why: "random 2", wide: "4aab755e987ff2baca108aede7c7c389d4f30b583f2b62ee4ef921042bbb4e108b220508b74eba5135f1c5e42c9e8910feb256f3ec566ef5f4429f755a94abe9",
                  reduced: "32ab1c151427988830803804ba543fb585e77ae5407eb32bd35a9fa2694b9008"),
        Reduction(why: "random 3", wide: "d2b1ecb443bf3c69cb6c7d3efb77b88449f4a95506186e6dd23bfe48c7d64eb5717f697f2aa1c09fc151af5afc684c165da1c20bab23cd9d154a6d1134fa111f",
                  reduced: "b00e47d952b988263bedd8413d93b16d39895cd2cd297d141a2dc958b3925704"),
        Reduction(why: "random 4", wide: "197442e1850fe892c70a1b2c76e005132b116afb0a874e4796d933acfde2b87675264280344c228fd24e5060afd01ecd4fcf522c46d8853d5c864584aa499ce6",
                  reduced: "76668c85e81e591f59b69cf9cc91433ec0c072dddb9458b3a16102aa5290b800"),
    ]

    static func words(_ hex: String) -> (UInt64, UInt64, UInt64, UInt64) {
        let bytes = hexBytes(hex)
        func word(_ i: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[8 * i + $1]) << (8 * $1) } }
        return (word(0), word(1), word(2), word(3))
    }

    @Test(arguments: reductions)
    func barrettReduction(_ row: Reduction) throws {
        let digest = try #require(Digest(bytes: hexBytes(row.wide)))
        let k = Ed25519Scalar(reducing: digest)
        let expected = Self.words(row.reduced)
        #expect(k == Ed25519Scalar(w0: expected.0, w1: expected.1, w2: expected.2, w3: expected.3))
    }

    /// The non-adjacent form adds back up to the scalar, at both widths used.
    @Test(arguments: [5, 8])
    func nonAdjacentFormSumsToScalar(width: Int) throws {
        for row in Self.reductions {
            let w = Self.words(row.reduced)
            let scalar = Ed25519Scalar(w0: w.0, w1: w.1, w2: w.2, w3: w.3)
            var digits = [Int8](repeating: 0, count: 256)
            let end = digits.withUnsafeMutableBufferPointer { scalar.nonAdjacentForm(width: width, into: $0.baseAddress!) }
            // Σ d_i·2^i, evaluated as four words with signed digit steps.
            var sum = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            var lastNonZero = -width
            for i in stride(from: 255, through: 0, by: -1) {
                // sum = 2·sum + d_i, in 320 bits two's complement.
                sum = (sum.0 << 1, sum.1 << 1 | sum.0 >> 63, sum.2 << 1 | sum.1 >> 63, sum.3 << 1 | sum.2 >> 63, sum.4 << 1 | sum.3 >> 63)
                let d = Int64(digits[i])
                let addend = UInt64(bitPattern: d), fill: UInt64 = d < 0 ? ~0 : 0
                var carry: UInt64 = 0
                func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
                    let (s1, o1) = a.addingReportingOverflow(b)
                    let (s2, o2) = s1.addingReportingOverflow(carry)
                    carry = (o1 ? 1 : 0) + (o2 ? 1 : 0)
                    return s2
                }
                sum = (add(sum.0, addend), add(sum.1, fill), add(sum.2, fill), add(sum.3, fill), add(sum.4, fill))
                if d != 0 {
                    #expect(d & 1 == 1 || d & 1 == -1)
                    #expect(abs(d) < 1 << (width - 1))
                    if lastNonZero >= 0 { #expect(lastNonZero - i >= width) }
                    lastNonZero = i
                }
            }
            #expect(end <= 255)
            #expect(sum.0 == w.0 && sum.1 == w.1 && sum.2 == w.2 && sum.3 == w.3 && sum.4 == 0, "\(row.why)")
        }
    }

    @Test func fieldCanonicalFormAndInverse() {
        typealias F = FieldElement25519
        let mask = F.mask51
        // p itself, and p + 18, reduce to 0 and 18.
        let p = F(mask - 18, mask, mask, mask, mask)
        #expect(p.isZero)
        #expect(F(mask, mask, mask, mask, mask).canonical().l0 == 18)
        // Limbs at the top of the accepted input range still multiply correctly:
        // (−1)·(−1) = 1 with −1 written as 8p − 1.
        let minusOne = F.zero - F.one
        #expect((minusOne * minusOne) == F.one)
        #expect((F.sqrtMinusOne.squared()) == minusOne)
        // x · x^(p−2) = 1 for a few values, including one with unreduced limbs.
        for x in [F(2, 0, 0, 0, 0), F.d, F.twiceD, F(mask, mask, mask, mask, mask) + F(mask, mask, mask, mask, mask)] {
            #expect(x * x.inverted() == F.one)
        }
        #expect(F.zero.inverted().isZero)
    }

    /// A of order 2, (0, −1), and S = 0: [S]B − [k]A is the identity when
    /// k = SHA-512(R ‖ A ‖ M) mod L is even and A itself when k is odd. So
    /// R = encode(identity) verifies exactly for even k and R = encode(A)
    /// exactly for odd k; a cofactored verifier (8·[S]B = 8·R + 8·[k]A) would
    /// accept every one of these. This pins the cofactorless equation.
    @Test func orderTwoKeyFollowsTheCofactorlessEquation() throws {
        let orderTwo = hexBytes("ec" + String(repeating: "ff", count: 30) + "7f")
        let identity = hexBytes("01" + String(repeating: "00", count: 31))
        let key = try Ed25519PublicKey(rawRepresentation: orderTwo[...])
        var accepted = 0, refused = 0
        for text in ["", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg"] {
            let message = Array(text.utf8)
            for (r, acceptsEvenK) in [(identity, true), (orderTwo, false)] {
                var hash = SHA512()
                hash.update(r + orderTwo + message)
                let kIsEven = Ed25519Scalar(reducing: hash.finalize()).w0 & 1 == 0
                let signature = r + [UInt8](repeating: 0, count: 32)
                #expect(Ed25519Decision.agree(key: orderTwo, signature: signature, message: message))
                if kIsEven == acceptsEvenK {
                    #expect(throws: Never.self) { try key.verify(signature: signature[...], message: message[...]) }
                    accepted += 1
                } else {
                    #expect(throws: ECError.signatureMismatch) { try key.verify(signature: signature[...], message: message[...]) }
                    refused += 1
                }
            }
        }
        #expect(accepted > 0 && refused > 0)
    }
}
