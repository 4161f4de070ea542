import DER

/// An AlgorithmIdentifier, `SEQUENCE { algorithm OID, parameters ANY OPTIONAL }`
/// (RFC 5280 §4.1.1.2), as bytes of the object that holds it.
///
/// Signature algorithms are chosen by the exact `encoded` bytes, so that an
/// absent and a NULL parameter, which RFC 4055 and RFC 5758 tell apart, are
/// never confused.
public struct AlgorithmIdentifier: Sendable, Hashable {
    /// The whole TLV.
    public let encoded: ArraySlice<UInt8>
    /// The algorithm OID's content octets.
    public let algorithm: ArraySlice<UInt8>
    /// The parameters TLV, when present.
    public let parameters: ArraySlice<UInt8>?

    /// The algorithm as an `OID` value.
    public var oid: OID { OID(der: Array(algorithm)) }

    /// Where the parts of an AlgorithmIdentifier lie in the encoding that a
    /// parse stored; the public value is built from it when asked for.
    struct Location: Sendable, Equatable {
        let encoded: Range<Int>
        let algorithm: Range<Int>
        let parameters: Range<Int>?

        func view(in der: [UInt8]) -> AlgorithmIdentifier {
            AlgorithmIdentifier(encoded: der[encoded], algorithm: der[algorithm], parameters: parameters.map { der[$0] })
        }
    }
}

extension DERReader {
    /// Reads an AlgorithmIdentifier (RFC 5280 §4.1.1.2).
    mutating func readAlgorithmIdentifier() throws(DERError) -> AlgorithmIdentifier.Location {
        let element = try read(.sequence)
        var inner = try nested(element)
        let algorithm = try inner.readOID()
        var parameters: Range<Int>? = nil
        if !inner.isAtEnd { parameters = try inner.readElement().encoded }
        try inner.expectEnd()
        return AlgorithmIdentifier.Location(encoded: element.encoded, algorithm: algorithm, parameters: parameters)
    }
}
