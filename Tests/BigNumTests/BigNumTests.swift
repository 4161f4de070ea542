import BigNum
import Testing
import TestSupport

/// A random odd modulus of exactly `bits` bits.
func randomModulus(bits: Int, _ random: inout SplitMix64) -> BigUInt {
    var limbs = (0..<((bits + 63) / 64)).map { _ in random.next() }
    let topBits = bits % 64 == 0 ? 64 : bits % 64
    limbs[limbs.count - 1] &= topBits == 64 ? ~0 : (1 << UInt64(topBits)) - 1
    limbs[limbs.count - 1] |= 1 << UInt64(topBits - 1)
    limbs[0] |= 1
    return BigUInt(limbs: limbs)
}

/// A random value below `modulus`, or an edge value: 0, 1, n − 1, n − 2.
func operand(below modulus: BigUInt, _ random: inout SplitMix64, edge: Int) -> BigUInt {
    var nMinus = modulus.limbs
    switch edge {
    case 0: return BigUInt(limbs: [])
    case 1: return BigUInt(1)
    case 2, 3:
        nMinus[0] -= UInt64(edge - 1)  // n is odd, so no borrow
        return BigUInt(limbs: nMinus)
    default:
        let limbs = (0..<modulus.limbs.count).map { _ in random.next() }
        var value = BigUInt(limbs: limbs)
        while !(value < modulus) { value = BigUInt(limbs: Array(value.limbs.dropLast()) + [value.limbs.last! >> 1]) }
        return value
    }
}

let moduliBits = [65, 127, 512, 521, 768, 1000, 1024, 1536, 2047, 2048, 3072, 4096, 8192]

@Test func montgomeryProductMatchesGMP() throws {
    var random = SplitMix64(state: 1)
    var cases = 0
    for bits in moduliBits {
        for _ in 0..<30 {
            let n = randomModulus(bits: bits, &random)
            let context = try MontgomeryContext(modulus: n)
            for round in 0..<10 {
                let a = operand(below: n, &random, edge: round < 4 ? round : 9)
                let b = operand(below: n, &random, edge: round % 4 == 3 ? 2 : 9)
                let ours = try context.montgomeryProduct(a, b)
                let reference = GMPInteger.montgomeryProduct(a, b, n)
                #expect(ours == reference, "\(bits) bits: a=\(a) b=\(b)")
                cases += 1
            }
        }
    }
    print("Montgomery products: \(cases) cases identical to GMP")
}

@Test func modularExponentiationMatchesGMP() throws {
    var random = SplitMix64(state: 2)
    var cases = 0
    for bits in moduliBits {
        for index in 0..<40 {
            let n = randomModulus(bits: bits, &random)
            let context = try MontgomeryContext(modulus: n)
            let exponents: [BigUInt] = [
                BigUInt(65537), BigUInt(3), BigUInt(random.next() % (1 << 33) | 1),
                // Full-size exponents cost a thousand products each: only on small moduli.
                bits <= 1024 && index < 5 ? operand(below: n, &random, edge: 9) : BigUInt(1),
            ]
            for (round, exponent) in exponents.enumerated() {
                let base = operand(below: n, &random, edge: index < 4 && round == 0 ? index : 9)
                let ours = try context.power(base, exponent)
                #expect(ours == GMPInteger.power(base, exponent, n), "\(bits) bits: \(base)^\(exponent)")
                cases += 1
            }
        }
    }
    print("modular exponentiations: \(cases) cases identical to GMP")
}

@Test func bytesRoundTripAndBounds() throws {
    let value = BigUInt(bigEndian: [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09])
    #expect(value.limbs == [0x0203_0405_0607_0809, 0x0001])
    #expect(value.bitWidth == 65)
    #expect(value.bigEndianBytes(count: 10) == [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09])
    #expect(value.bigEndianBytes(count: 9) == [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09])
    #expect(value.bigEndianBytes(count: 8) == nil)
    #expect(BigUInt(bigEndian: [UInt8]()).isZero)
    #expect(BigUInt(bigEndian: [0, 0, 0]).bitWidth == 0)
    #expect(value.description == "10203040506070809")
    #expect(BigUInt(3) < BigUInt(limbs: [0, 1]))
}

@Test func contextRefusesBadModuliAndOperands() throws {
    #expect(throws: BigNumError.modulusNotOddOrTooSmall) { try MontgomeryContext(modulus: BigUInt(limbs: [])) }
    #expect(throws: BigNumError.modulusNotOddOrTooSmall) { try MontgomeryContext(modulus: BigUInt(1)) }
    #expect(throws: BigNumError.modulusNotOddOrTooSmall) { try MontgomeryContext(modulus: BigUInt(limbs: [4, 1])) }
    let context = try MontgomeryContext(modulus: BigUInt(limbs: [0xFFFF_FFFF_FFFF_FFC5]))  // 2^64 − 59, prime
    #expect(throws: BigNumError.operandTooLarge) { try context.power(BigUInt(limbs: [0xFFFF_FFFF_FFFF_FFC5]), BigUInt(3)) }
    // Fermat: a^(p−1) = 1 for a prime p.
    #expect(try context.power(BigUInt(2), BigUInt(limbs: [0xFFFF_FFFF_FFFF_FFC4])) == BigUInt(1))
    #expect(try context.power(BigUInt(12345), BigUInt(limbs: [])) == BigUInt(1))
}

/// The big-endian entry point (what RSA uses) agrees with the limb one, and
/// refuses a base that is not below n, however many leading zeros it has.
@Test func bigEndianBaseMatchesAndIsBounded() throws {
    var random = SplitMix64(state: 3)
    for bits in [1024, 2048, 3072, 4096] {
        let n = randomModulus(bits: bits, &random)
        let context = try MontgomeryContext(modulus: n)
        for edge in [0, 1, 2, 9, 9, 9] {
            let base = operand(below: n, &random, edge: edge)
            let bytes = try #require(base.bigEndianBytes(count: bits / 8 + 3))  // three leading zeros
            #expect(try context.power(bigEndian: bytes, BigUInt(65537)) == GMPInteger.power(base, BigUInt(65537), n))
        }
        #expect(throws: BigNumError.operandTooLarge) { try context.power(bigEndian: n.bigEndianBytes(count: bits / 8)!, BigUInt(3)) }
        var above = n.bigEndianBytes(count: bits / 8 + 1)!
        above[0] = 1
        #expect(throws: BigNumError.operandTooLarge) { try context.power(bigEndian: above, BigUInt(3)) }
    }
}

/// Conversion into Montgomery form divides by the modulus shifted until its
/// top bit is set; these moduli put that top limb at its extremes (2^63
/// exactly, all ones, and a top limb of 1 that shifts by 63) with low limbs
/// of all zeros or all ones, where a wrong quotient digit would show.
@Test func exponentiationOnDivisionEdgeModuli() throws {
    var random = SplitMix64(state: 4)
    var cases = 0
    for limbCount in [1, 2, 5, 32] {
        for top: UInt64 in [1, 1 << 63, 0x8000_0000_0000_0001, .max] {
            for low: UInt64 in [0, .max] {
                var limbs = [UInt64](repeating: low, count: limbCount)
                limbs[limbCount - 1] = top
                limbs[0] |= 1
                let n = BigUInt(limbs: limbs)
                guard n.bitWidth > 1 else { continue }
                let context = try MontgomeryContext(modulus: n)
                // n − 2 (edge 3) would borrow out of a low limb of 1.
                for edge in [0, 1, 2, 3, 9, 9] where edge != 3 || n.limbs[0] > 2 {
                    let base = operand(below: n, &random, edge: edge)
                    for exponent in [BigUInt(65537), BigUInt(3)] {
                        #expect(try context.power(base, exponent) == GMPInteger.power(base, exponent, n), "n=\(n) base=\(base)")
                        cases += 1
                    }
                }
            }
        }
    }
    print("edge-modulus exponentiations: \(cases) cases identical to GMP")
}
