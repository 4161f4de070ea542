import Foundation

// Hex as the vector suites write it: one decoder for every target, so a
// vector's text means the same bytes to the RSA, ECDSA, Ed25519, SHA-2 and
// symmetric tests alike. (PKIX's `Hex` is the library's display encoder;
// these are free functions so that tests importing both see no clash.)

/// The bytes `text` spells, or nil if a character is not a hex digit (either
/// case). An odd number of digits reads as if a 0 led them: NIST and
/// Wycheproof write integers (moduli, exponents, curve coordinates) without
/// their leading zero nibble.
public func decodeHex<S: StringProtocol>(_ text: S) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count / 2 + 1)
    var high: UInt8? = text.utf8.count % 2 == 1 ? 0 : nil
    for character in text.utf8 {
        guard let value = hexDigitValue(character) else { return nil }
        if let pending = high {
            out.append(pending << 4 | value)
            high = nil
        } else {
            high = value
        }
    }
    return out
}

/// The bytes of hex that a vector file promises is well formed. Anything
/// else stops the test process: a malformed vector is a broken suite, not a
/// case to skip. Use `decodeHex` where bad hex is a possible answer.
public func hexBytes<S: StringProtocol>(_ text: S) -> [UInt8] {
    guard let bytes = decodeHex(text) else { preconditionFailure("not hex: \(text.prefix(40))") }
    return bytes
}

/// Lowercase hex, two digits a byte, as the vector files and OpenSSL write it,
/// for targets that do not depend on PKIX (whose `Hex.encode` does the same).
public func hexString<C: Collection<UInt8>>(_ bytes: C) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

private func hexDigitValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
}
