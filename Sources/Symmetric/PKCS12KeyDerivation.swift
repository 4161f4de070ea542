import SHA2

/// The PKCS#12 key derivation (RFC 7292 Appendix B.2), which the MAC of
/// most PKCS#12 files and the legacy pbeWithSHAAnd… schemes use.
public enum PKCS12KeyDerivation {
    /// What the derived bytes are for; the RFC's diversifier ID byte keeps
    /// the three outputs independent for one password and salt.
    public enum Purpose: Sendable {
        /// ID 1: the key of a pbeWithSHAAnd… cipher.
        case encryptionKey
        /// ID 2: the IV of a pbeWithSHAAnd… cipher.
        case initializationVector
        /// ID 3: the key of the file's HMAC.
        case macKey

        var id: UInt8 {
            switch self {
            case .encryptionKey: return 1
            case .initializationVector: return 2
            case .macKey: return 3
            }
        }
    }

    /// `length` bytes derived from `password` and `salt` with `iterations`
    /// rounds of `function`.
    ///
    /// `password` is already the BMPString form (UTF-16BE of the password
    /// plus two zero bytes; empty array for an absent password): see
    /// `bmpPassword(_:)`. The cost is `iterations` × ⌈`length` / digest
    /// size⌉ hashes and is the caller's to bound. `iterations` below 1
    /// counts as 1; `length` of 0 or less gives `[]`.
    public static func deriveKey(_ function: DigestFunction, password: ArraySlice<UInt8>, salt: ArraySlice<UInt8>, iterations: Int, purpose: Purpose, length: Int) -> [UInt8] {
        guard length > 0 else { return [] }
        return function.dispatch(Derivation(password: password, salt: salt, iterations: max(iterations, 1), id: purpose.id, length: length))
    }

    /// The BMPString form of a password: UTF-16BE code units then 0x00 0x00; `nil` gives [].
    ///
    /// RFC 7292 B.1 asks for the password as a BMPString with its NUL
    /// terminator. Characters outside the Basic Multilingual Plane become
    /// surrogate pairs, as OpenSSL's UTF-8 conversion writes them. An empty
    /// password (two zero bytes) and an absent one (no bytes) derive
    /// different keys; OpenSSL tries both when a file opens with neither,
    /// and the PKCS#12 reader decides which to try.
    package static func bmpPassword(_ password: String?) -> [UInt8] {
        guard let password else { return [] }
        var bytes: [UInt8] = []
        for scalar in password.unicodeScalars {
            let value = scalar.value
            if value < 0x1_0000 {
                bytes.append(UInt8(truncatingIfNeeded: value >> 8))
                bytes.append(UInt8(truncatingIfNeeded: value))
            } else {
                let offset = value - 0x1_0000
                let high = 0xD800 | (offset >> 10), low = 0xDC00 | (offset & 0x3FF)
                bytes.append(UInt8(truncatingIfNeeded: high >> 8))
                bytes.append(UInt8(truncatingIfNeeded: high))
                bytes.append(UInt8(truncatingIfNeeded: low >> 8))
                bytes.append(UInt8(truncatingIfNeeded: low))
            }
        }
        bytes.append(0)
        bytes.append(0)
        return bytes
    }

    struct Derivation: DigestBody {
        let password: ArraySlice<UInt8>
        let salt: ArraySlice<UInt8>
        let iterations: Int
        let id: UInt8
        let length: Int

        func run<H: HashFunction>(_ type: H.Type) -> [UInt8] {
            let u = H.digestSize, v = H.blockSize
            // B.2 steps 1–4: D = v copies of ID; I = S || P, each repeated
            // to a whole number of v-byte blocks (empty stays empty).
            let diversifier = [UInt8](repeating: id, count: v)
            var input = repeated(salt, v) + repeated(password, v)
            var output: [UInt8] = []
            // Capped so that an unchecked length cannot trap here; the caller bounds it.
            output.reserveCapacity(min(length, 1 << 16))
            while true {
                // Step 6a: A_i = H^r(D || I).
                var hash = H()
                hash.update(diversifier)
                hash.update(input)
                var a = hash.finalize()
                for _ in 1..<iterations {
                    a = a.withUnsafeBytes { bytes in
                        var next = H()
                        next.update(bytes)
                        return next.finalize()
                    }
                }
                let take = min(u, length - output.count)
                a.withUnsafeBytes { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<take])) }
                if output.count == length { break }
                // Steps 6b–c: B = A_i repeated to v bytes; each v-byte block
                // I_j of I becomes (I_j + B + 1) mod 2^(8v), big-endian.
                var b = [UInt8](repeating: 0, count: v)
                a.withUnsafeBytes { bytes in for k in 0..<v { b[k] = bytes[k % u] } }
                var blockStart = 0
                while blockStart < input.count {
                    var carry: UInt16 = 1
                    for k in stride(from: v - 1, through: 0, by: -1) {
                        let sum = UInt16(input[blockStart + k]) + UInt16(b[k]) + carry
                        input[blockStart + k] = UInt8(truncatingIfNeeded: sum)
                        carry = sum >> 8
                    }
                    blockStart += v
                }
            }
            for k in input.indices { input[k] = 0 }
            return output
        }

        /// `bytes` repeated to v⌈count/v⌉ bytes.
        func repeated(_ bytes: ArraySlice<UInt8>, _ v: Int) -> [UInt8] {
            guard !bytes.isEmpty else { return [] }
            let total = v * ((bytes.count + v - 1) / v)
            var out: [UInt8] = []
            out.reserveCapacity(total)
            while out.count < total { out.append(contentsOf: bytes.prefix(total - out.count)) }
            return out
        }
    }
}
