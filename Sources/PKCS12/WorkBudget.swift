import DER
import Symmetric

/// The work and decrypted bytes a file has cost so far, charged before
/// each derivation, MAC, key check or decryption runs.
///
/// Work is counted in units of about one hash compression (one SHA-256
/// block of 64 bytes), because that is what every derivation spends:
/// PBKDF2 two compressions per iteration per output block, the PKCS #12
/// KDF one, an HMAC one per 64 (or 128) message bytes. `WorkCost` turns
/// each operation into units before it runs; one budget holds them all,
/// so a file of many cheap parts costs no more than one expensive part.
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

    /// The dotted form of the OID at `range`, for an error message.
    func dotted(_ range: Range<Int>) -> String { OID(der: copy(range)).description }
}
