import BigNum
import Foundation
import RSA
import SHA2
import Testing
import TestSupport

/// NIST CAVP FIPS 186-3 SigVer15 and SigVerPSS: the SHA-256/384/512 rows.
@Test(arguments: ["SigVer15_186-3.rsp", "SigVerPSS_186-3.rsp"])
func nistSignatureVerification(_ file: String) throws {
    let text = try String(contentsOf: vectorsRoot.appendingPathComponent("nist-rsa/" + file), encoding: .utf8)
    let isPSS = file.contains("PSS")
    var n = BigUInt(limbs: []), e = BigUInt(limbs: []), hash: HashAlgorithm? = nil, isSHA1 = false
    var message: [UInt8] = [], signature: [UInt8] = [], salt: [UInt8] = []
    var passed = 0, failed = 0, unsupported = 0, sha1Passed = 0
    for raw in text.split(whereSeparator: \.isNewline) {
        let line = raw.trimmingCharacters(in: .whitespaces)
        guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "["))
        let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        switch key {
        case "n": n = BigUInt(bigEndian: hexBytes(value))
        case "SHAAlg": hash = hashAlgorithm(value); isSHA1 = value == "SHA1"
        case "e": e = BigUInt(bigEndian: hexBytes(value))
        case "Msg": message = hexBytes(value)
        case "S": signature = hexBytes(value)
        case "SaltVal": salt = value == "00" ? [] : hexBytes(value)
        case "Result":
            if isSHA1 && !isPSS {
                // SHA-1 PKCS#1 v1.5 only through the explicitly named entry point.
                let key = try? RSAPublicKey(modulus: n, exponent: e)
                let verified = (try? key?.verifyInsecureSHA1PKCS1v15(signature: signature, message: message)) != nil
                if verified == value.hasPrefix("P") { sha1Passed += 1 } else { Issue.record("\(file): SHA-1 expected \(value)") }
                continue
            }
            guard let hash else { unsupported += 1; continue }
            let expected = value.hasPrefix("P")
            var verified = false
            if let key = try? RSAPublicKey(modulus: n, exponent: e) {
                do {
                    if isPSS {
                        try key.verifyPSS(signature: signature, message: message,
                                          parameters: PSSParameters(hash: hash, maskHash: hash, saltLength: salt.count))
                    } else {
                        try key.verifyPKCS1v15(signature: signature, message: message, hash: hash)
                    }
                    verified = true
                } catch {}
            }
            if verified == expected { passed += 1 } else { failed += 1; Issue.record("\(file): \(hash) expected \(value)") }
        default: break
        }
    }
    print("\(file): \(passed)/\(passed + failed) SHA-256/384/512 rows agree, \(sha1Passed) SHA-1 rows agree through the explicit SHA-1 entry point, \(unsupported) rows not supported (SHA-224\(isPSS ? ", SHA-1 PSS" : ""))")
    #expect(passed == 270)
    #expect(sha1Passed == (isPSS ? 0 : 90))
}
