import DER
import Symmetric
import EC

/// The work and decrypted bytes a file has cost so far, charged before
/// each derivation, MAC, key check or decryption runs.
///
/// Work is counted in hash compressions, because that is what every
/// derivation spends: PBKDF2 two compressions per iteration per output
/// block, the PKCS #12 KDF one, an HMAC one per 64 (or 128) message bytes.
/// A unit is a tenth of a SHA-256 compression (about 30 ns here), so that
/// SHA-1, SHA-512 and the public-key computations can each be charged what
/// they measured. `WorkCost` turns each operation into units before it
/// runs; one budget holds them all, so a file of many cheap parts costs no
/// more than one expensive part.
struct WorkBudget {
    let limits: PKCS12Limits
    private(set) var work = 0
    private(set) var decryptedBytes = 0

    init(limits: PKCS12Limits) { self.limits = limits }

    /// Refuses an iteration count over the per-derivation limit; charges nothing.
    func checkIterations(_ count: UInt64) throws(PKCS12Error) {
        guard count <= UInt64(clamping: limits.maximumIterations) else {
            throw .iterationLimitExceeded(requested: count, limit: limits.maximumIterations)
        }
    }

    /// Charges `units` of work (see `WorkCost`), refusing before the work
    /// when the file's total would pass `PKCS12Limits.maximumWork`.
    mutating func charge(_ units: Int) throws(PKCS12Error) {
        let (total, overflow) = work.addingReportingOverflow(max(units, 0))
        guard !overflow, total <= limits.maximumWork else {
            throw .workLimitExceeded(limit: limits.maximumWork)
        }
        work = total
    }

    /// Charges a decryption that produces at most `count` bytes.
    mutating func chargeDecryption(_ count: Int) throws(PKCS12Error) {
        let (total, overflow) = decryptedBytes.addingReportingOverflow(count)
        guard !overflow, total <= limits.maximumDecryptedSize else {
            throw .decryptedSizeExceeded(limit: limits.maximumDecryptedSize)
        }
        decryptedBytes = total
    }
}

// What each operation of the reader costs, in the work budget's unit: a
// tenth of a SHA-256 compression, measured (CPU time of a release build) on
// the 2-core x86_64 machine of docs/benchmarks.md: SHA-1 258 ns, SHA-256
// 305 ns and SHA-512 440 ns per compression at first (a file spending the
// whole default budget in any MAC shape took 0.75–0.83 s on 2026-11-28,
// about 24 ns a unit); public keys from secrets, measured that day over
// 1,023 key bags, P-256 0.12 ms, P-384 0.37–0.41 ms, P-521 0.88–0.94 ms,
// Ed25519 0.07 ms (docs/pkcs12.md, "The work budget"). Counting whole HMACs, or whole
// iterations, undercounted by up to a factor of eight: a PBKDF2 iteration
// is two compressions per output block. Every count saturates, so a
// hostile iteration count or a caller's huge limit cannot overflow into a
// small charge.

enum WorkCost {
    /// Units per compression of `function`, rounded up from the
    /// measurements above: SHA-512's 128-byte block of 80 64-bit rounds
    /// costs about 1.44 SHA-256 blocks here, SHA-1's 0.85. SHA-512 is
    /// charged 17 since 2026-11-28: whole-budget files of its shapes took
    /// 1.09–1.21 times as long as SHA-256's (0.80–0.91 s against 0.73–0.75 s).
    static func weight(_ function: DigestFunction) -> Int {
        switch function {
        case .sha1: return 9
        case .sha224, .sha256: return 10
        case .sha384, .sha512: return 17
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
    /// counted as one compression per block of I.
    static func pkcs12KDF(_ function: DigestFunction, saltLength: Int, passwordLength: Int, iterations: UInt64, length: Int) -> Int {
        let v = function.blockSize
        let inputLength = add(roundUp(saltLength, v), roundUp(passwordLength, v))
        let blocks = (max(length, 0) + function.digestSize - 1) / function.digestSize
        let first = compressions(function, length: add(v, inputLength))
        let perBlock = add(add(first, Int(clamping: iterations) - 1), inputLength / v)
        return multiply(multiply(blocks, perBlock), weight(function))
    }

    // Computing a key's public half from its secret (the pairing's check
    // that a stored key is the secret's) is charged by the key table's
    // `KeyAlgorithm.derivationCost`, measured like the figures above.

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

extension DERReader {
    /// A positive iteration count, saturated to `UInt64.max` when longer
    /// than eight octets so that the budget, not the parser, refuses it.
    mutating func readIterationCount() throws(DERError) -> UInt64 {
        let element = try read(.integer)
        try checkInteger(element)
        guard self[element.value.lowerBound] & 0x80 == 0 else { throw DERError(.integerOutOfRange, at: element.start) }
        var value: UInt64 = 0
        for byte in bytes(in: element.value) {
            guard value >> 56 == 0 else { return UInt64.max }
            value = (value << 8) | UInt64(byte)
        }
        return value
    }

    /// AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL }:
    /// the OID's content range and the parameters' whole encoding, if any.
    mutating func readAlgorithm() throws(DERError) -> (oid: Range<Int>, parameters: Range<Int>?) {
        try readNested(.sequence) { (inner: inout DERReader) throws(DERError) in
            let oid = try inner.readOID()
            var parameters: Range<Int>? = nil
            if !inner.isAtEnd { parameters = try inner.readElement().encoded }
            return (oid, parameters)
        }
    }

    /// Whether `parameters` are absent or NULL, as hash and HMAC identifiers allow.
    func isAbsentOrNull(_ parameters: Range<Int>?) -> Bool {
        guard let parameters else { return true }
        return bytes(parameters, equal: [0x05, 0x00])
    }
}
