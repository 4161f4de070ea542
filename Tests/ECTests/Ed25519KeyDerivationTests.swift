import EC
import Foundation
import Testing
import TestSupport

/// `Ed25519PublicKey(privateSeed:)` (RFC 8032 §5.1.5): the §7.1 keys, every
/// seed of sign.input, the seed-length refusals, and `rawRepresentation`.
struct Ed25519KeyDerivationTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String, seed: [UInt8], publicKey: [UInt8]
        var testDescription: String { name }
    }

    /// Vectors/ed25519/rfc8032-keys.txt.
    static let rfc8032: [Row] = {
        let url = Vectors.root.appendingPathComponent("ed25519/rfc8032-keys.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: ":")
            guard fields.count == 3, let seed = decodeHex(fields[1]),
                  let key = decodeHex(fields[2]) else { return nil }
            return Row(name: String(fields[0]), seed: seed, publicKey: key)
        }
    }()

    @Test func rfc8032FileHasFiveKeys() {
        #expect(Self.rfc8032.count == 5)
    }

    @Test(arguments: rfc8032)
    func rfc8032Section7_1(_ row: Row) throws {
        let key = try Ed25519PublicKey(privateSeed: row.seed[...])
        #expect(key.rawRepresentation == row.publicKey)
        // The derived key is a working verification key: the same as decoding the bytes.
        #expect(try Ed25519PublicKey(rawRepresentation: row.publicKey[...]).rawRepresentation == row.publicKey)
    }

    /// sign.input's first field is seed ‖ public key: 1,024 derivations.
    @Test func signInputSeeds() throws {
        let url = Vectors.root.appendingPathComponent("ed25519/sign.input")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1024)
        var matched = 0
        for (index, line) in lines.enumerated() {
            let field = try #require(line.split(separator: ":", omittingEmptySubsequences: false).first)
            let secretAndPublic = try #require(decodeHex(field))
            try #require(secretAndPublic.count == 64)
            let derived = try Ed25519PublicKey(privateSeed: secretAndPublic[..<32]).rawRepresentation
            if derived == Array(secretAndPublic[32...]) { matched += 1 } else { Issue.record("line \(index + 1)") }
        }
        #expect(matched == 1024)
    }

    /// Only a 32-byte seed is a private key (RFC 8032 §5.1.5); a 64-byte
    /// seed ‖ public key, as some libraries store it, is refused too.
    @Test func seedLengthsOtherThan32AreRefused() throws {
        for length in [0, 1, 31, 33, 64] {
            let seed = [UInt8](repeating: 0x42, count: length)
            #expect(throws: ECError.malformedPrivateKey, "\(length) bytes") { try Ed25519PublicKey(privateSeed: seed[...]) }
        }
        // A slice that does not start at 0 is read from its own start.
        let row = try #require(Self.rfc8032.first)
        let padded = [0xEE] + row.seed + [0xEE]
        #expect(try Ed25519PublicKey(privateSeed: padded[1..<33]).rawRepresentation == row.publicKey)
    }
}
