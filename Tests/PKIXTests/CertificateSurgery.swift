import DER
import PKIX

/// Re-encodes a certificate with TBS fields replaced, inserted or removed,
/// so a test can break exactly one rule of an otherwise valid certificate.
/// The signature no longer matches, which parsing does not check.
struct CertificateSurgery {
    var tbsFields: [[UInt8]]
    var signatureAlgorithm: [UInt8]
    var signatureValue: [UInt8]

    init(_ der: [UInt8]) throws {
        var fields: [[UInt8]] = []
        var outer: [[UInt8]] = []
        try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) in
            try reader.readNested(.sequence) { (certificate: inout DERReader) throws(DERError) in
                while !certificate.isAtEnd { outer.append(certificate.copy(try certificate.readElement().encoded)) }
            }
        }
        try DERReader.parse(outer[0]) { (reader: inout DERReader) throws(DERError) in
            try reader.readNested(.sequence) { (tbs: inout DERReader) throws(DERError) in
                while !tbs.isAtEnd { fields.append(tbs.copy(try tbs.readElement().encoded)) }
            }
        }
        tbsFields = fields
        signatureAlgorithm = outer[1]
        signatureValue = outer[2]
    }

    var der: [UInt8] {
        encode(0x30, encode(0x30, tbsFields.flatMap { $0 }) + signatureAlgorithm + signatureValue)
    }
}

/// A DER TLV with a minimal length.
func encode(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    let count = content.count
    var header: [UInt8] = [tag]
    if count < 0x80 {
        header.append(UInt8(count))
    } else if count < 0x100 {
        header += [0x81, UInt8(count)]
    } else if count < 0x10000 {
        header += [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
    } else {
        header += [0x83, UInt8(count >> 16), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
    }
    return header + content
}

/// An Extension TLV.
func extensionTLV(oid: [UInt8], critical: Bool = false, value: [UInt8]) -> [UInt8] {
    encode(0x30, encode(0x06, oid) + (critical ? [0x01, 0x01, 0xFF] : []) + encode(0x04, value))
}
