// The bounds a key must meet (RSAPublicKey's doc comment), stated once for
// keys given as big numbers and for keys given as INTEGER octets. A
// verifier checks a leaf's key on every evaluation without verifying
// anything with it; building the key for that copied both numbers and set
// up the Montgomery context, about a seventh of a warm evaluation.
extension RSAPublicKey {
    static func checkBounds(modulusBits: Int, modulusIsOdd: Bool, exponentBits: Int, exponentIsOdd: Bool) throws(RSAError) {
        guard modulusBits >= minimumModulusBits, modulusBits <= maximumModulusBits, modulusIsOdd else {
            throw .modulusOutOfBounds(bits: modulusBits)
        }
        guard exponentIsOdd, exponentBits >= 2, exponentBits <= 33 else { throw .exponentOutOfBounds }
    }

    /// Checks what `init(modulusOctets:exponentOctets:)` checks, and throws
    /// what it throws, without building the key: for a caller that must
    /// refuse an unusable key but verifies nothing with it.
    public static func validate(modulusOctets: ArraySlice<UInt8>, exponentOctets: ArraySlice<UInt8>) throws(RSAError) {
        // A set top bit would make the INTEGER negative.
        guard let first = modulusOctets.first, first & 0x80 == 0 else { throw .modulusOutOfBounds(bits: 0) }
        guard let top = exponentOctets.first, top & 0x80 == 0 else { throw .exponentOutOfBounds }
        try checkBounds(modulusBits: bitWidth(modulusOctets), modulusIsOdd: modulusOctets.last.map { $0 & 1 == 1 } ?? false,
                        exponentBits: bitWidth(exponentOctets), exponentIsOdd: exponentOctets.last.map { $0 & 1 == 1 } ?? false)
    }

    /// The bit width of a big-endian unsigned number, leading zero octets ignored.
    private static func bitWidth(_ octets: ArraySlice<UInt8>) -> Int {
        guard let index = octets.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (octets.endIndex - index - 1) * 8 + (8 - octets[index].leadingZeroBitCount)
    }
}
