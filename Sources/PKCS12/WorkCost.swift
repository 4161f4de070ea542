import Symmetric
import EC

// What each operation of the reader costs, in the work budget's unit: about
// one SHA-256 compression (a 64-byte block), measured on the 2-core x86_64
// machine of docs/benchmarks.md with a release build (docs/pkcs12.md,
// "Budgets", gives the figures). Counting whole HMACs, or whole iterations,
// undercounts by up to a factor of eight: a PBKDF2 iteration is two
// compressions per output block, and a SHA-512 compression costs more than
// a SHA-256 one. Every count saturates, so a hostile iteration count or a
// caller's huge limit cannot overflow into a small charge.

enum WorkCost {
    /// Units per compression of `function`: SHA-512's 128-byte block of
    /// 80 64-bit rounds costs about twice a SHA-256 block here; SHA-1's is
    /// counted as SHA-256's (it measured a little cheaper).
    static func weight(_ function: DigestFunction) -> Int {
        switch function {
        case .sha1, .sha224, .sha256: return 1
        case .sha384, .sha512: return 2
        }
    }

    /// Compressions to hash `length` bytes: FIPS 180-4 §5.1 pads with one
    /// 0x80 byte and a 64- or 128-bit length.
    static func compressions(_ function: DigestFunction, length: Int) -> Int {
        let lengthField = function.blockSize == 128 ? 16 : 8
        return add(length, 1 + lengthField) / function.blockSize + 1
    }

    /// An HMAC (RFC 2104) over `length` message bytes, the key's two pad
    /// blocks included.
    static func hmac(_ function: DigestFunction, length: Int) -> Int {
        let inner = compressions(function, length: add(function.blockSize, length))
        let outer = compressions(function, length: function.blockSize + function.digestSize)
        return multiply(inner + outer, weight(function))
    }

    /// PBKDF2 (RFC 8018 §5.2) deriving `keyLength` bytes: per output block
    /// of the PRF, U_1 over salt ‖ INT(i) and then two compressions per
    /// further iteration (the keyed pad states are computed once).
    static func pbkdf2(_ prf: DigestFunction, saltLength: Int, iterations: UInt64, keyLength: Int) -> Int {
        let blocks = (max(keyLength, 0) + prf.digestSize - 1) / prf.digestSize
        let first = compressions(prf, length: add(prf.blockSize, add(saltLength, 4))) + 1
        let further = multiply(2, Int(clamping: iterations) - 1)
        let perBlock = add(first, further)
        return add(multiply(multiply(blocks, perBlock), weight(prf)), multiply(2, weight(prf)))
    }

    /// The PKCS #12 KDF (RFC 7292 B.2) deriving `length` bytes: per output
    /// block, one hash over D ‖ I, one compression per further iteration
    /// (a digest always fits in one block), and the B-addition over I,
    /// counted as one unit per block of I.
    static func pkcs12KDF(_ function: DigestFunction, saltLength: Int, passwordLength: Int, iterations: UInt64, length: Int) -> Int {
        let v = function.blockSize
        let inputLength = add(roundUp(saltLength, v), roundUp(passwordLength, v))
        let blocks = (max(length, 0) + function.digestSize - 1) / function.digestSize
        let first = compressions(function, length: add(v, inputLength))
        let perBlock = add(add(first, Int(clamping: iterations) - 1), inputLength / v)
        return multiply(multiply(blocks, perBlock), weight(function))
    }

    /// Computing a key's public half from its secret (the pairing's check
    /// that a stored key is the secret's): a fixed-base scalar
    /// multiplication, measured against SHA-256 compressions.
    static func publicKeyDerivation(_ algorithm: PrivateKey.Algorithm) -> Int {
        switch algorithm {
        case .rsa: return 0
        case .ec(.p256): return 400
        case .ec(.p384): return 1_500
        case .ec(.p521): return 3_500
        case .ed25519: return 300
        }
    }

    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    static func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = max(a, 0).multipliedReportingOverflow(by: max(b, 0))
        return overflow ? Int.max : product
    }

    private static func roundUp(_ count: Int, _ v: Int) -> Int {
        count == 0 ? 0 : multiply(v, add(count, v - 1) / v)
    }
}
