import DER

// The Ecdsa-Sig-Value (RFC 3279 §2.2.3), read the same way for both ECDSA
// paths (ECDSAVerification.swift, CompactECDSA.swift), which differ only in
// the limbs they hold a scalar in.
enum ECDSASignatureEncoding {
    /// r and s from `SEQUENCE { r INTEGER, s INTEGER }` in strict DER:
    /// minimal lengths and INTEGERs, nothing after the SEQUENCE
    /// (`malformedSignature`). `scalar` makes each value from the octets of
    /// its magnitude, at most `maximumLength` of them, and returns nil when
    /// it is not in [1, n − 1] (FIPS 186-5 §6.4.2 step 2); a negative
    /// INTEGER or a longer one is out of range too (`signatureOutOfRange`).
    static func scalars<Scalar>(_ signature: ArraySlice<UInt8>, maximumLength: Int,
                                _ scalar: (_ length: Int, _ byte: (Int) -> UInt8) -> Scalar?) throws(ECError) -> (r: Scalar, s: Scalar) {
        var outcome: Result<(r: Scalar, s: Scalar), ECError> = .failure(.malformedSignature)
        DERReader.withReader(over: signature) { reader in
            do throws(DERError) {
                let ranges = try reader.readNested(.sequence) { (fields: inout DERReader) throws(DERError) in
                    (r: try fields.readInteger(), s: try fields.readInteger())
                }
                try reader.expectEnd()
                guard let r = magnitude(reader, ranges.r, maximumLength: maximumLength),
                      let s = magnitude(reader, ranges.s, maximumLength: maximumLength),
                      let rValue = scalar(r.count, { reader[r.lowerBound + $0] }),
                      let sValue = scalar(s.count, { reader[s.lowerBound + $0] }) else {
                    outcome = .failure(.signatureOutOfRange)
                    return
                }
                outcome = .success((rValue, sValue))
            } catch {
                outcome = .failure(.malformedSignature)
            }
        }
        return try outcome.get()
    }

    /// The octets of a non-negative INTEGER's magnitude, whose minimal
    /// content octets (checked by DERReader) are at `range`; nil when it is
    /// negative or has more than `maximumLength` of them.
    private static func magnitude(_ reader: DERReader, _ range: Range<Int>, maximumLength: Int) -> Range<Int>? {
        guard !range.isEmpty, reader[range.lowerBound] & 0x80 == 0 else { return nil }
        // A positive INTEGER whose top bit is set carries one 00 sign octet.
        let start = reader[range.lowerBound] == 0 ? range.lowerBound + 1 : range.lowerBound
        guard range.upperBound - start <= maximumLength else { return nil }
        return start..<range.upperBound
    }
}
