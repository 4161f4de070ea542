import RSA
import Testing
import TestSupport

/// `RSAPublicKey.validate` decides from the octets what building the key
/// decides: the verifier refuses a leaf's key through it, so any case where
/// the two differ would trust a key the library otherwise refuses.
struct KeyBoundsTests {
    /// A modulus of `bits` bits as INTEGER content octets, odd or even,
    /// after `leadingZeros` zero octets more than DER's sign octet.
    static func modulus(bits: Int, odd: Bool = true, leadingZeros: Int = 0) -> [UInt8] {
        guard bits > 0 else { return [UInt8](repeating: 0, count: leadingZeros + 1) }
        var octets = [UInt8](repeating: 0x5A, count: (bits + 7) / 8)
        let topBit = (bits - 1) % 8
        octets[0] = UInt8(1) << topBit | (octets[0] & ((UInt8(1) << topBit) &- 1))
        octets[octets.count - 1] = odd ? octets[octets.count - 1] | 1 : octets[octets.count - 1] & 0xFE
        // The INTEGER's sign octet, as DER writes it before a set top bit.
        let sign: [UInt8] = octets[0] & 0x80 != 0 ? [0] : []
        return [UInt8](repeating: 0, count: leadingZeros) + sign + octets
    }

    static func octets(_ value: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        var rest = value
        repeat { out.insert(UInt8(rest & 0xFF), at: 0); rest >>= 8 } while rest > 0
        return out
    }

    /// The two decisions, as a thrown error or nil.
    static func decisions(_ modulus: [UInt8], _ exponent: [UInt8]) -> (built: RSAError?, validated: RSAError?) {
        var built: RSAError? = nil, validated: RSAError? = nil
        do { _ = try RSAPublicKey(modulusOctets: modulus[...], exponentOctets: exponent[...]) } catch { built = error }
        do { try RSAPublicKey.validate(modulusOctets: modulus[...], exponentOctets: exponent[...]) } catch { validated = error }
        return (built, validated)
    }

    static let moduli: [(String, [UInt8])] = [
        ("1023 bits", modulus(bits: 1023)), ("1024 bits", modulus(bits: 1024)), ("2048 bits", modulus(bits: 2048)),
        ("2047 bits", modulus(bits: 2047)), ("16384 bits", modulus(bits: 16384)), ("16385 bits", modulus(bits: 16385)),
        ("even", modulus(bits: 2048, odd: false)), ("leading zeros", modulus(bits: 2047, leadingZeros: 3)),
        ("leading zeros, 1023 bits", modulus(bits: 1023, leadingZeros: 1)), ("zero", [0]), ("zeros", [0, 0, 0]),
        ("empty", []), ("negative", [0x80] + modulus(bits: 2047)), ("one", [1]),
    ]
    static let exponents: [(String, [UInt8])] = [
        ("1", [1]), ("2", [2]), ("3", [3]), ("65537", octets(65537)), ("65536", octets(65536)),
        ("2^33 - 1", octets((1 << 33) - 1)), ("2^33 + 1", octets((1 << 33) + 1)), ("0", [0]), ("empty", []),
        ("negative", [0x81]), ("leading zeros", [0, 0, 1, 0, 1]), ("leading zeros, 1", [0, 1]),
    ]

    @Test("Every crafted modulus and exponent pair: validate refuses exactly when building the key does, with the same error")
    func craftedPairsAgree() {
        var refused = 0, accepted = 0
        for (modulusName, modulus) in Self.moduli {
            for (exponentName, exponent) in Self.exponents {
                let (built, validated) = Self.decisions(modulus, exponent)
                #expect(built == validated, "modulus \(modulusName), exponent \(exponentName)")
                if built == nil { accepted += 1 } else { refused += 1 }
            }
        }
        // In bounds: 5 moduli (1024, 2047, 2048 and 16384 bits, and 2047
        // bits after zeros) × 4 exponents (3, 65537 twice, 2^33 - 1).
        #expect(accepted == 5 * 4)
        #expect(refused == Self.moduli.count * Self.exponents.count - 20)
    }

    @Test("Random octet strings around the bounds: validate and the key's initialiser agree")
    func randomPairsAgree() {
        var random = SplitMix64(state: 0x5253_4B45_5942_4E44)
        var accepted = 0
        for _ in 0..<400 {
            let bits = [1023, 1024, 1025, 2048, 4096, 16383, 16384, 16385][Int(random.next() % 8)]
            var modulus = Self.modulus(bits: bits, odd: random.next() % 4 != 0, leadingZeros: Int(random.next() % 3))
            if random.next() % 8 == 0 { modulus[0] |= 0x80 }
            let exponentValue = random.next() >> (random.next() % 64)
            var exponent = Self.octets(exponentValue)
            if random.next() % 6 == 0 { exponent.insert(0, at: 0) }
            let (built, validated) = Self.decisions(modulus, exponent)
            #expect(built == validated, "modulus \(bits) bits, exponent \(exponentValue)")
            if built == nil { accepted += 1 }
        }
        // The draw must exercise both outcomes, or agreement says little.
        #expect(accepted > 20)
        #expect(accepted < 380)
    }
}
