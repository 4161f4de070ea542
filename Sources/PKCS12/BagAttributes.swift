import DER

/// The PKCS #9 attributes a SafeBag may carry (RFC 7292 §4.2).
package struct BagAttributes: Sendable, Equatable {
    /// friendlyName (1.2.840.113549.1.9.20), decoded from its BMPString.
    package let friendlyName: String?
    /// localKeyId (1.2.840.113549.1.9.21): pairs a key with its certificate.
    package let localKeyID: [UInt8]?

    /// Attributes as given.
    package init(friendlyName: String? = nil, localKeyID: [UInt8]? = nil) {
        self.friendlyName = friendlyName
        self.localKeyID = localKeyID
    }

    /// bagAttributes SET OF PKCS12Attribute, each SEQUENCE { attrId OID, attrValues SET OF ANY };
    /// other attributes are skipped. A second value or a second attribute of a kind is refused.
    static func read(_ reader: inout DERReader) throws(DERError) -> BagAttributes {
        var name: String? = nil
        var keyID: [UInt8]? = nil
        try reader.readNested(.set) { (set: inout DERReader) throws(DERError) in
            while !set.isAtEnd {
                try set.readNested(.sequence) { (attribute: inout DERReader) throws(DERError) in
                    let start = attribute.position
                    let oid = try attribute.readOID()
                    let isName = attribute.bytes(oid, equal: OID.friendlyName.bytes)
                    let isKeyID = attribute.bytes(oid, equal: OID.localKeyID.bytes)
                    try attribute.readNested(.set) { (values: inout DERReader) throws(DERError) in
                        if isName {
                            guard name == nil else { throw DERError(.duplicateAttribute, at: start) }
                            name = decodeBMP(values.bytes(in: try values.read(.bmpString).value))
                        } else if isKeyID {
                            guard keyID == nil else { throw DERError(.duplicateAttribute, at: start) }
                            keyID = values.copy(try values.readOctetString())
                        } else {
                            while !values.isAtEnd { _ = try values.readElement() }
                        }
                    }
                }
            }
        }
        return BagAttributes(friendlyName: name, localKeyID: keyID)
    }

    /// BMPString as UTF-16BE (Windows writes surrogate pairs in it); an odd
    /// length or a lone surrogate becomes U+FFFD. Transcoded by hand to UTF-8
    /// so that no Unicode tables are needed.
    static func decodeBMP(_ bytes: DERBytes) -> String {
        var utf8: [UInt8] = []
        var i = 0
        func append(_ scalar: UInt32) {
            switch scalar {
            case 0..<0x80: utf8.append(UInt8(scalar))
            case 0x80..<0x800:
                utf8 += [0xC0 | UInt8(scalar >> 6), 0x80 | UInt8(scalar & 0x3F)]
            case 0x800..<0x10000:
                utf8 += [0xE0 | UInt8(scalar >> 12), 0x80 | UInt8((scalar >> 6) & 0x3F), 0x80 | UInt8(scalar & 0x3F)]
            default:
                utf8 += [0xF0 | UInt8(scalar >> 18), 0x80 | UInt8((scalar >> 12) & 0x3F),
                         0x80 | UInt8((scalar >> 6) & 0x3F), 0x80 | UInt8(scalar & 0x3F)]
            }
        }
        while i + 1 < bytes.count {
            let unit = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
            i += 2
            if unit >= 0xD800 && unit < 0xDC00, i + 1 < bytes.count {
                let low = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
                if low >= 0xDC00 && low < 0xE000 {
                    i += 2
                    append(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    continue
                }
            }
            append(unit >= 0xD800 && unit < 0xE000 ? 0xFFFD : unit)
        }
        if bytes.count % 2 == 1 { append(0xFFFD) }
        return String(decoding: utf8, as: UTF8.self)
    }
}

extension DERError.Rule {
    /// A bag carries friendlyName or localKeyId twice, or one with two values.
    static let duplicateAttribute = Self(code: 411, name: "duplicate bag attribute")
}
