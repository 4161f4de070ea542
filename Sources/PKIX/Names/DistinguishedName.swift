import DER

/// The decoded view of an issuer or subject Name (RFC 5280 §4.1.2.4).
///
/// Chaining never uses this view: it compares the raw Name bytes. The view
/// is for people and for policy code that needs attribute values.
public struct DistinguishedName: Sendable, Equatable, CustomStringConvertible {
    /// One AttributeTypeAndValue of a relative distinguished name.
    public struct Attribute: Sendable, Equatable {
        /// The attribute type (id-at-commonName, …).
        public let type: OID
        /// The ASN.1 tag of the value (PrintableString, UTF8String, …).
        package let valueTag: DERTag
        /// The decoded text for string types; nil for other value types.
        public let text: String?
        /// The value's content octets as encoded.
        public let rawValue: [UInt8]

        /// The short name (`CN`, `O`, …) or, for types without one, the dotted OID.
        package var typeName: String { type.shortName ?? type.description }

        /// The value as `description` prints it: RFC 4514-escaped text, or
        /// `#` and the hex of the DER encoding for non-string values.
        package var displayValue: String {
            guard let text else { return "#" + Hex.encode(encoded) }
            return DisplayText.attributeValue(text)
        }

        /// Tag, length and content: the value's DER encoding.
        package var encoded: [UInt8] {
            let count = rawValue.count
            var header: [UInt8] = [valueTag.rawValue]
            if count < 0x80 {
                header.append(UInt8(count))
            } else {
                var length: [UInt8] = []
                var remaining = count
                while remaining > 0 { length.insert(UInt8(remaining & 0xFF), at: 0); remaining >>= 8 }
                header.append(0x80 | UInt8(length.count))
                header += length
            }
            return header + rawValue
        }
    }

    /// RelativeDistinguishedNames in encoding order, each with its attributes
    /// (for a Name decoded for display, only those within the budget).
    public let relativeNames: [[Attribute]]

    /// The display budget: a Name decoded for display (`subjectForDisplay`,
    /// `nameForDisplay(at:)`, …) holds at most this many attributes, and
    /// counts the rest in `omittedAttributes`. X.509 sets no bound on a
    /// Name; real ones carry fewer than 20 attributes (64 matches the
    /// extension bound). A subject of a million RDNs (11 MB of DER) decoded
    /// whole took ~190 MB per decoding and 6 MB per printed mention, and
    /// `verify --explain` names a certificate on every trace line, so a name
    /// of a million RDNs must not be rebuilt for each. Policy (name constraints, the CN fallback, name equivalence)
    /// reads the whole Name through `subjectName` / `name(at:)`.
    package static let maximumDisplayedAttributes = 64

    /// Attributes left out of `relativeNames` by the display budget; 0 when
    /// the Name is whole.
    package let omittedAttributes: Int

    /// Whether the Name has no RDN at all, as a subject may when subjectAltName carries the identity (§4.1.2.6).
    public var isEmpty: Bool { relativeNames.isEmpty }

    /// All values of one attribute type, in encoding order.
    package func values(of type: OID) -> [String] {
        var result: [String] = []
        for rdn in relativeNames {
            for attribute in rdn where attribute.type == type { result.append(attribute.text ?? "") }
        }
        return result
    }

    /// `C=US, O=Example, CN=host`, safe to print: attributes in encoding
    /// order (as OpenSSL prints them; RFC 4514's string reverses it), `, `
    /// between RDNs and ` + ` inside one, unknown types dotted, and each
    /// value escaped as RFC 4514 §2.4 says plus `\xNN` for control
    /// characters (`DisplayText.attributeValue`). A value that is not a
    /// string prints as `#` and the hex of its whole DER encoding (RFC 4514
    /// §2.4). Because `,` `+` and `\` inside values are escaped, the
    /// separators here are the only unescaped ones.
    public var description: String {
        var text = ""
        for (i, rdn) in relativeNames.enumerated() {
            for (j, attribute) in rdn.enumerated() {
                if i > 0 || j > 0 { text += j > 0 ? " + " : ", " }
                text += attribute.typeName
                text += "="
                text += attribute.displayValue
            }
        }
        if omittedAttributes > 0 {
            text += (text.isEmpty ? "" : ", ") + "… (\(omittedAttributes) more attributes not shown)"
        }
        return text
    }

    /// Checks a Name TLV at the reader's position: SEQUENCE OF non-empty SET
    /// OF AttributeTypeAndValue, string values valid for their type.
    static func check(_ reader: inout DERReader) throws(DERError) -> Range<Int> {
        let element = try reader.read(.sequence)
        var rdns = try reader.nested(element)
        while !rdns.isAtEnd { _ = try checkRelative(&rdns) }
        return element.encoded
    }

    /// Checks one `RelativeDistinguishedName ::= SET SIZE (1..MAX) OF
    /// AttributeTypeAndValue` (under `tag` where a module tags it
    /// implicitly, as a distribution point's nameRelativeToCRLIssuer) and
    /// returns its TLV.
    static func checkRelative(_ reader: inout DERReader, tag: DERTag = .set) throws(DERError) -> Range<Int> {
        let set = try reader.read(tag)
        guard !set.value.isEmpty else { throw DERError(.emptyRelativeDistinguishedName, at: set.start) }
        var attributes = try reader.nested(set)
        while !attributes.isAtEnd {
            try attributes.readNested(.sequence) { (pair: inout DERReader) throws(DERError) in
                _ = try pair.readOID()
                let value = try pair.readElement()
                if DirectoryString.isStringTag(value.tag) { try DirectoryString.check(value, in: pair) }
            }
        }
        return set.encoded
    }

    /// Decodes a Name TLV that `check` accepted: its first `limit`
    /// attributes, the rest only counted (no copy, no allocation). An RDN
    /// cut by the limit keeps the attributes before it.
    init(decoding outer: inout DERReader, limit: Int = .max) {
        var relativeNames: [[Attribute]] = []
        var decoded = 0, omitted = 0
        if let name = try? outer.read(.sequence), var rdns = try? outer.nested(name) {
            while let set = try? rdns.read(.set), var attributes = try? rdns.nested(set) {
                var rdn: [Attribute] = []
                while let pair = try? attributes.read(.sequence), var inner = try? attributes.nested(pair) {
                    guard decoded < limit else {
                        omitted += 1
                        continue
                    }
                    guard let type = try? inner.readOID(), let value = try? inner.readElement() else { break }
                    decoded += 1
                    rdn.append(Attribute(
                        type: OID(der: inner.copy(type)),
                        valueTag: value.tag,
                        text: DirectoryString.decode(value, in: inner),
                        rawValue: inner.copy(value.value)))
                }
                if !rdn.isEmpty || decoded < limit { relativeNames.append(rdn) }
            }
        }
        self.relativeNames = relativeNames
        self.omittedAttributes = omitted
    }
}

extension Certificate {
    /// The issuer Name, decoded for display and policy; chaining compares `issuer.encoded` instead.
    public var issuerName: DistinguishedName { issuer.distinguishedName }
    /// The subject Name, decoded for display and policy; chaining compares `subject.encoded` instead.
    public var subjectName: DistinguishedName { subject.distinguishedName }
    /// The subject for display: at most 64 attributes decoded.
    public var subjectForDisplay: DistinguishedName { subject.forDisplay }
    /// The issuer for display: at most 64 attributes decoded.
    public var issuerForDisplay: DistinguishedName { issuer.forDisplay }
}

/// Lower-case hexadecimal, for display.
package enum Hex {
    /// `bytes` as two lower-case hex digits each, with `separator` between bytes.
    package static func encode<C: Collection>(_ bytes: C, separator: String = "") -> String where C.Element == UInt8 {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * (2 + separator.utf8.count))
        for (i, byte) in bytes.enumerated() {
            if i > 0 { out.append(contentsOf: separator.utf8) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension DistinguishedName {
    /// Decodes a Name TLV that a parser of this module checked (a
    /// certificate's, a CRL's or an OCSP response's Name, or one rebuilt
    /// from their RDNs); a value that is not one decodes as far as it reads.
    package init(derEncoded name: ArraySlice<UInt8>) {
        self = DERReader.withReader(over: name) { DistinguishedName(decoding: &$0) }
    }
}
