import EC
import Foundation
import Testing
import TestSupport

/// Keys made by `openssl genpkey` at run time, each private key's public key
/// compared with the one OpenSSL prints: P-256, P-384, P-521 and Ed25519.
/// Skipped, with a notice, where openssl is absent.
struct KeyDerivationOpenSSLTests {
    static let opensslPath = "/usr/bin/openssl"
    static let keysPerCurve = 8

    /// stdout of `openssl` with `arguments`, or nil when it fails.
    static func openssl(_ arguments: [String]) throws -> String? {
        let run = try runTool(opensslPath, arguments)
        return run.status == 0 ? run.output : nil
    }

    /// The hex block under `label:` in `openssl pkey -text` output.
    static func hexBlock(_ text: String, _ label: String) -> [UInt8]? {
        var collecting = false, hex = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix(label) { collecting = true; continue }
            if collecting {
                guard line.hasPrefix(" ") else { break }
                hex += line.filter { $0.isHexDigit }
            }
        }
        return collecting ? decodeHex(hex) : nil
    }

    /// (private, public) of a fresh key: `genpkey` then `pkey -text -noout`.
    static func generated(_ genpkey: [String]) throws -> (secret: [UInt8], publicKey: [UInt8])? {
        guard let pem = try openssl(["genpkey"] + genpkey) else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-derive-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).pem")
        try pem.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        guard let text = try openssl(["pkey", "-in", file.path, "-noout", "-text"]),
              let secret = hexBlock(text, "priv:"), let publicKey = hexBlock(text, "pub:") else { return nil }
        return (secret, publicKey)
    }

    @Test(arguments: [(ECDSACurve.p256, "P-256"), (.p384, "P-384"), (.p521, "P-521")])
    func ecdsaKeysMatchOpenSSL(_ curve: ECDSACurve, _ name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.opensslPath) else {
            print("NOTICE: openssl is absent; \(name) derivation not cross-checked")
            return
        }
        for _ in 0..<Self.keysPerCurve {
            // OpenSSL prints d with a leading 00 when its top bit is set: an INTEGER's octets.
            let key = try #require(try Self.generated(["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:\(name)"]))
            let d = key.secret.drop { $0 == 0 }
            #expect(try curve.publicKey(privateScalar: d) == key.publicKey, "\(name) d = \(key.secret)")
        }
    }

    @Test func ed25519KeysMatchOpenSSL() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.opensslPath) else {
            print("NOTICE: openssl is absent; Ed25519 derivation not cross-checked")
            return
        }
        for _ in 0..<Self.keysPerCurve {
            let key = try #require(try Self.generated(["-algorithm", "ed25519"]))
            #expect(key.secret.count == 32 && key.publicKey.count == 32)
            #expect(try Ed25519PublicKey(privateSeed: key.secret[...]).rawRepresentation == key.publicKey)
        }
    }
}
