import EC
import Foundation
import SHA2

/// Helpers shared by the ECDSA vector harnesses (names prefixed so they cannot
/// clash with the Ed25519 tests in the same target).
enum ECDSAVectors {
    static func hash(named name: String) -> HashAlgorithm? {
        switch name.uppercased().replacingOccurrences(of: "-", with: "") {
        case "SHA256": return .sha256
        case "SHA384": return .sha384
        case "SHA512": return .sha512
        default: return nil
        }
    }

    static func curve(named name: String) -> ECDSACurve? {
        switch name {
        case "secp256r1", "P-256": return .p256
        case "secp384r1", "P-384": return .p384
        case "secp521r1", "P-521": return .p521
        default: return nil
        }
    }

    static func coordinateLength(_ curve: ECDSACurve) -> Int {
        switch curve {
        case .p256: return 32
        case .p384: return 48
        case .p521: return 66
        }
    }

    /// `value` left-padded with zeros to `length` octets (leading zeros beyond it dropped).
    static func padded(_ value: [UInt8], to length: Int) -> [UInt8] {
        let trimmed = Array(value.drop(while: { $0 == 0 }))
        return [UInt8](repeating: 0, count: max(0, length - trimmed.count)) + trimmed
    }

    /// A DER length field.
    static func derLength(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        if count < 0x100 { return [0x81, UInt8(count)] }
        return [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
    }

    /// A DER INTEGER for an unsigned big-endian magnitude.
    static func derInteger(_ magnitude: [UInt8]) -> [UInt8] {
        var content = Array(magnitude.drop(while: { $0 == 0 }))
        if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
        return [0x02] + derLength(content.count) + content
    }

    /// Ecdsa-Sig-Value (RFC 3279 §2.2.3) for r and s.
    static func derSignature(r: [UInt8], s: [UInt8]) -> [UInt8] {
        let body = derInteger(r) + derInteger(s)
        return [0x30] + derLength(body.count) + body
    }
}
