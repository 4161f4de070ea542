@testable import EC
import Foundation
import Testing
import TestSupport

/// `ECDSACurve.publicKey(privateScalar:)`: known answers (RFC 6979's example
/// keys, pyca's CA key), agreement with the verification arithmetic for
/// edge and pseudo-random scalars, and the refusals of SEC 1 §3.2.1's range.
struct ECPrivateKeyDerivationTests {
    static let curves: [ECDSACurve] = [.p256, .p384, .p521]

    static func order(_ curve: ECDSACurve) -> [UInt8] {
        switch curve {
        case .p256: return hexBytes("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551")
        case .p384: return hexBytes("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973")
        case .p521: return hexBytes("01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409")
        }
    }

    /// n + delta for a small delta of either sign, big-endian, same length as n.
    static func orderPlus(_ curve: ECDSACurve, _ delta: Int) -> [UInt8] {
        var bytes = order(curve)
        var carry = delta
        for i in bytes.indices.reversed() where carry != 0 {
            let sum = Int(bytes[i]) + carry
            bytes[i] = UInt8(truncatingIfNeeded: sum)
            carry = sum >> 8
        }
        return bytes
    }

    struct KnownKey: CustomTestStringConvertible, Sendable {
        let curve: ECDSACurve, d: [UInt8], publicKey: [UInt8]
        var testDescription: String { "RFC 6979 \(curve)" }
    }

    /// Vectors/ec-private-keys/rfc6979-keys.txt: RFC 6979 A.2.5–A.2.7.
    static let rfc6979: [KnownKey] = {
        let url = Vectors.root.appendingPathComponent("ec-private-keys/rfc6979-keys.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: ":")
            guard fields.count == 4, let curve = ECDSAVectors.curve(named: String(fields[0])) else { return nil }
            return KnownKey(curve: curve, d: hexBytes(fields[1]),
                            publicKey: [0x04] + hexBytes(fields[2]) + hexBytes(fields[3]))
        }
    }()

    @Test func rfc6979FileHasOneKeyPerCurve() {
        #expect(Self.rfc6979.map(\.curve) == [.p256, .p384, .p521])
    }

    @Test(arguments: rfc6979)
    func rfc6979Keys(_ key: KnownKey) throws {
        #expect(try key.curve.publicKey(privateScalar: key.d[...]) == key.publicKey)
        // The same scalar with its leading zeros dropped, as an INTEGER's content would carry it.
        let trimmed = key.d.drop { $0 == 0 }
        #expect(try key.curve.publicKey(privateScalar: trimmed) == key.publicKey)
    }

    /// pyca's CA key (Vectors/ec-private-keys/pyca-ca_key.pem): a P-256 PKCS#8
    /// key that carries its public point, read at the fixed places of that shape.
    @Test func pycaCAKey() throws {
        let pem = try String(contentsOf: Vectors.root.appendingPathComponent("ec-private-keys/pyca-ca_key.pem"), encoding: .utf8)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let der = try #require(Data(base64Encoded: body).map { [UInt8]($0) })
        // ECPrivateKey: 02 01 01 04 20 <d>; the BIT STRING 03 42 00 <04 ‖ X ‖ Y> ends the key.
        let start = try #require((0..<der.count - 5).first { Array(der[$0..<$0 + 5]) == [0x02, 0x01, 0x01, 0x04, 0x20] }) + 5
        let d = der[start..<start + 32]
        let publicKey = Array(der.suffix(65))
        #expect(Array(der.suffix(68).prefix(3)) == [0x03, 0x42, 0x00])
        #expect(try ECDSACurve.p256.publicKey(privateScalar: d) == publicKey)
    }

    /// The verification code's d·G (variable-time wNAF, Jacobian), made affine and encoded.
    static func reference<C: WeierstrassCurve>(_: C.Type, _ d: [UInt8]) -> [UInt8] where C.Element: ConstantTimeFieldElement {
        let limbs = C.Limbs(bigEndianLength: d.count) { d[$0] }
        let generator = C.generatorTable.withUnsafeBufferPointer { AffinePoint<C>(constantTable: UnsafeRawPointer($0.baseAddress!), index: 0) }
        let point = DoubleScalarMultiplication<C>.multiply(generatorScalar: limbs, pointScalar: C.Limbs.zero, point: generator)
        let zInverse = point.z.inverted(exponent: C.Field.inversionExponent)
        let z2 = zInverse.squared()
        let projective = CompleteProjectivePoint<C>(x: point.x * z2, y: point.y * z2 * zInverse, z: .one)
        return projective.uncompressedEncoding()
    }

    static func reference(_ curve: ECDSACurve, _ d: [UInt8]) -> [UInt8] {
        switch curve {
        case .p256: return reference(P256.self, d)
        case .p384: return reference(P384.self, d)
        case .p521: return reference(P521.self, d)
        }
    }

    /// Scalars that stress the window walk: the smallest and largest, every
    /// window zero but one, every window 15, single bits at window edges.
    static func edgeScalars(_ curve: ECDSACurve) -> [(String, [UInt8])] {
        let length = order(curve).count
        func value(_ low: [UInt8]) -> [UInt8] { [UInt8](repeating: 0, count: length - low.count) + low }
        var rows: [(String, [UInt8])] = [
            ("1", value([1])), ("2", value([2])), ("3", value([3])), ("15", value([15])), ("16", value([16])),
            ("17", value([17])), ("0xFF", value([0xFF])), ("0x10001", value([1, 0, 1])),
            ("n − 1", orderPlus(curve, -1)), ("n − 2", orderPlus(curve, -2)), ("n − 16", orderPlus(curve, -16)),
            ("(n − 1) / 2 area", orderPlus(curve, -1).enumerated().map { $0.offset == 0 ? $0.element >> 1 : $0.element }),
        ]
        // All ones below the top octet: every window 15.
        rows.append(("all windows 15", [0] + [UInt8](repeating: 0xFF, count: length - 1)))
        // Only the top octet's low bit: every lower window zero.
        rows.append(("top bit only", [1] + [UInt8](repeating: 0, count: length - 1)))
        return rows
    }

    @Test(arguments: curves)
    func edgeScalarsAgreeWithVerificationArithmetic(_ curve: ECDSACurve) throws {
        for (name, d) in Self.edgeScalars(curve) {
            #expect(try curve.publicKey(privateScalar: d[...]) == Self.reference(curve, d), "\(curve) d = \(name)")
        }
        // d = 1 is G and d = n − 1 is −G: same x, y and p − y.
        let g = try curve.publicKey(privateScalar: [1][...])
        let minusG = try curve.publicKey(privateScalar: Self.orderPlus(curve, -1)[...])
        let half = (g.count - 1) / 2
        #expect(g.prefix(1 + half) == minusG.prefix(1 + half))
        #expect(g.suffix(half) != minusG.suffix(half))
        // Both are on the curve by the verifier's own check.
        _ = try ECDSAPublicKey(curve: curve, uncompressedPoint: g[...])
        _ = try ECDSAPublicKey(curve: curve, uncompressedPoint: minusG[...])
    }

    @Test(arguments: curves)
    func pseudoRandomScalarsAgreeWithVerificationArithmetic(_ curve: ECDSACurve) throws {
        var generator = SplitMix64(state: 0xD3E1_7A00 ^ UInt64(Self.order(curve).count))
        let length = Self.order(curve).count
        for round in 0..<24 {
            var d = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            d[0] &= curve == .p521 ? 0x01 : 0x7F  // below n
            #expect(try curve.publicKey(privateScalar: d[...]) == Self.reference(curve, d), "\(curve) round \(round)")
        }
    }

    /// SEC 1 §3.2.1: d in [1, n − 1]; lengths past n's octets are malformed.
    @Test(arguments: curves)
    func refusals(_ curve: ECDSACurve) {
        let length = Self.order(curve).count
        let rows: [(String, [UInt8], ECError)] = [
            ("empty", [], .malformedPrivateKey),
            ("one zero octet", [0], .privateKeyOutOfRange),
            ("d = 0 at full length", [UInt8](repeating: 0, count: length), .privateKeyOutOfRange),
            ("d = n", Self.order(curve), .privateKeyOutOfRange),
            ("d = n + 1", Self.orderPlus(curve, 1), .privateKeyOutOfRange),
            ("all ones", [UInt8](repeating: 0xFF, count: length), .privateKeyOutOfRange),
            ("one octet too long, leading zero", [0] + Self.orderPlus(curve, -1), .malformedPrivateKey),
            ("one octet too long", [UInt8](repeating: 0x01, count: length + 1), .malformedPrivateKey),
        ]
        for (name, d, error) in rows {
            #expect(throws: error, "\(curve) \(name)") { try curve.publicKey(privateScalar: d[...]) }
        }
    }

    /// A slice that does not start at index 0 reads from its own start.
    @Test func sliceOffsetsAreRespected() throws {
        let key = try #require(Self.rfc6979.first)
        let padded = [0xAA, 0xBB] + key.d + [0xCC]
        #expect(try key.curve.publicKey(privateScalar: padded[2..<(2 + key.d.count)]) == key.publicKey)
    }
}
