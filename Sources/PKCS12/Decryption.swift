import DER
import Symmetric

/// An encryption AlgorithmIdentifier read and checked, ready to decrypt.
struct EncryptionParameters {
    let scheme: EncryptionScheme
    let kdf: KeyDerivation
    let iv: [UInt8]?

    enum KeyDerivation {
        case pbkdf2(PBKDF2Parameters, PBES2Cipher)
        case pkcs12(salt: [UInt8], iterations: UInt64, PKCS12PBECipher)
    }

    /// Reads the AlgorithmIdentifier whose whole encoding is `range`.
    static func read(_ reader: DERReader, algorithm range: Range<Int>) throws(PKCS12Error) -> EncryptionParameters {
        var r = reader.reader(over: range)
        let oid: Range<Int>, parameters: Range<Int>?
        do throws(DERError) { (oid, parameters) = try r.readAlgorithm() } catch { throw .malformed(.encryptionParameters, error) }
        let prefix = OID.pkcs12PBEPrefix
        if oid.count == prefix.count + 1, r.bytes(oid.lowerBound..<(oid.upperBound - 1), equal: prefix) {
            let cipher: PKCS12PBECipher
            switch r[oid.upperBound - 1] {
            case 3: cipher = .tripleDES3Key
            case 4: cipher = .tripleDES2Key
            case 5: cipher = .rc2With128BitKey
            case 6: cipher = .rc2With40BitKey
            default: throw .unsupportedAlgorithm(.oid(OID(der: r.copy(oid))))
            }
            guard let parameters else { throw .invalidParameters(.pkcs12PBEWithoutParameters) }
            var p = r.reader(over: parameters)
            do throws(DERError) {
                // RFC 7292 Appendix C: pkcs-12PbeParams ::= SEQUENCE { salt OCTET STRING, iterations INTEGER }.
                let (salt, iterations) = try p.readNested(.sequence) { (s: inout DERReader) throws(DERError) in
                    (s.copy(try s.readOctetString()), try s.readIterationCount())
                }
                try p.expectEnd()
                return EncryptionParameters(
                    scheme: .pkcs12PBE(cipher, iterations: Int(clamping: iterations)),
                    kdf: .pkcs12(salt: salt, iterations: iterations, cipher), iv: nil)
            } catch { throw .malformed(.encryptionParameters, error) }
        }
        guard r.bytes(oid, equal: OID.pbes2.bytes) else { throw .unsupportedAlgorithm(.oid(OID(der: r.copy(oid)))) }
        guard let parameters else { throw .invalidParameters(.pbes2WithoutParameters) }
        // RFC 8018 §A.4: PBES2-params ::= SEQUENCE { keyDerivationFunc, encryptionScheme }.
        var p = r.reader(over: parameters)
        let kdfRange: Range<Int>, cipherOID: Range<Int>, cipherParameters: Range<Int>?
        do throws(DERError) {
            (kdfRange, cipherOID, cipherParameters) = try p.readNested(.sequence) { (s: inout DERReader) throws(DERError) in
                let kdf = try s.readElement().encoded
                let (oid, parameters) = try s.readAlgorithm()
                return (kdf, oid, parameters)
            }
            try p.expectEnd()
        } catch { throw .malformed(.encryptionParameters, error) }
        let kdf = try PBKDF2Parameters.read(p, algorithm: kdfRange)
        let cipher: PBES2Cipher
        let aes = OID.aesPrefix
        if cipherOID.count == aes.count + 1, p.bytes(cipherOID.lowerBound..<(cipherOID.upperBound - 1), equal: aes) {
            switch p[cipherOID.upperBound - 1] {
            case 2: cipher = .aes128CBC
            case 22: cipher = .aes192CBC
            case 42: cipher = .aes256CBC
            default: throw .unsupportedAlgorithm(.oid(OID(der: p.copy(cipherOID))))
            }
        } else if p.bytes(cipherOID, equal: OID.desEDE3CBC.bytes) {
            cipher = .tripleDESCBC
        } else {
            throw .unsupportedAlgorithm(.oid(OID(der: p.copy(cipherOID))))
        }
        // RFC 8018 §B.2: the parameters are the IV, one block long.
        guard let cipherParameters else { throw .invalidParameters(.cbcWithoutIV) }
        var ivReader = p.reader(over: cipherParameters)
        let iv: [UInt8]
        do throws(DERError) {
            iv = ivReader.copy(try ivReader.readOctetString())
            try ivReader.expectEnd()
        } catch { throw .malformed(.encryptionParameters, error) }
        guard iv.count == (cipher == .tripleDESCBC ? 8 : 16) else { throw .invalidParameters(.ivLength) }
        // RFC 8018 §A.2: keyLength, when present, must be the cipher's.
        if let keyLength = kdf.keyLength, keyLength != cipher.keyLength { throw .invalidParameters(.pbkdf2KeyLength) }
        return EncryptionParameters(
            scheme: .pbes2(prf: kdf.prf, cipher: cipher, iterations: Int(clamping: kdf.iterations)),
            kdf: .pbkdf2(kdf, cipher), iv: iv)
    }

    /// Checks the iteration count against the per-derivation limit without charging anything.
    func checkIterations(_ budget: WorkBudget) throws(PKCS12Error) {
        switch kdf {
        case .pbkdf2(let parameters, _): try budget.checkIterations(parameters.iterations)
        case .pkcs12(_, let iterations, _): try budget.checkIterations(iterations)
        }
    }

    /// Derives the key (charging `budget` first) and decrypts `ciphertext`, padding removed.
    func decrypt(_ ciphertext: ArraySlice<UInt8>, password: PasswordBytes, budget: inout WorkBudget) throws(PKCS12Error) -> [UInt8] {
        try checkIterations(budget)
        try budget.chargeDecryption(ciphertext.count)
        var key: [UInt8]
        let iv: [UInt8]
        let cipher: CBCCipher
        switch kdf {
        case .pbkdf2(let parameters, let pbes2Cipher):
            key = try parameters.derive(password: password.utf8, length: pbes2Cipher.keyLength, budget: &budget)
            iv = self.iv ?? []
            cipher = pbes2Cipher == .tripleDESCBC ? .tripleDES : .aes
        case .pkcs12(let salt, let iterations, let pbeCipher):
            guard iterations >= 1 else { throw .invalidParameters(.zeroIterations) }
            let keyLength: Int
            switch pbeCipher {
            case .tripleDES3Key: keyLength = 24; cipher = .tripleDES
            case .tripleDES2Key: keyLength = 16; cipher = .tripleDES
            case .rc2With128BitKey: keyLength = 16; cipher = .rc2(effectiveKeyBits: 128)
            case .rc2With40BitKey: keyLength = 5; cipher = .rc2(effectiveKeyBits: 40)
            }
            // RFC 7292 B.2: the key and the IV each cost one derivation over SHA-1.
            try budget.checkIterations(iterations)
            let passwordLength = password.bmp.count
            try budget.charge(WorkCost.add(
                WorkCost.pkcs12KDF(.sha1, saltLength: salt.count, passwordLength: passwordLength, iterations: iterations, length: keyLength),
                WorkCost.pkcs12KDF(.sha1, saltLength: salt.count, passwordLength: passwordLength, iterations: iterations, length: 8)))
            key = PKCS12KeyDerivation.deriveKey(.sha1, password: password.bmp[...], salt: salt[...],
                                                iterations: Int(iterations), purpose: .encryptionKey, length: keyLength)
            iv = PKCS12KeyDerivation.deriveKey(.sha1, password: password.bmp[...], salt: salt[...],
                                               iterations: Int(iterations), purpose: .initializationVector, length: 8)
            // Two-key triple DES is K1 K2 K1.
            if pbeCipher == .tripleDES2Key { key += key[0..<8] }
        }
        do throws(SymmetricError) {
            return try CBC.decrypt(cipher, key: key[...], iv: iv[...], ciphertext: ciphertext)
        } catch {
            throw .decryptionFailed
        }
    }
}
