import DER

/// One GeneralName (RFC 5280 §4.2.1.6), with the bytes of the object that holds it.
///
/// The forms a verifier compares (dNSName, iPAddress, rfc822Name, URI,
/// directoryName) are checked when the certificate is parsed; the others are
/// kept raw. `value` is the content: the IA5 text, the address octets, the
/// inner Name TLV for directoryName, or the raw content for the other forms.
public struct GeneralName: Sendable, Equatable {
    /// The CHOICE alternative; the raw value is its context-specific tag number.
    public enum Kind: UInt8, Sendable, Equatable {
        /// Tags [0] to [8]: otherName, rfc822Name (an e-mail address), dNSName, x400Address, directoryName, ediPartyName, URI, iPAddress, registeredID.
        case otherName = 0, rfc822Name, dnsName, x400Address, directoryName,
             ediPartyName, uniformResourceIdentifier, ipAddress, registeredID
    }

    /// Which alternative this name is.
    public let kind: Kind
    /// The content octets, or for directoryName the inner Name TLV.
    public let value: ArraySlice<UInt8>

    /// The name from its alternative and content, as a caller builds one to compare.
    package init(kind: Kind, value: ArraySlice<UInt8>) {
        self.kind = kind
        self.value = value
    }

    /// A directoryName's Name; nil for the other forms.
    public var directoryName: Name? { kind == .directoryName ? Name(encoded: value) : nil }

    /// Where a name lies in the encoding a reader runs over: what the
    /// checks inside a parse see before the bytes are handed out.
    struct Located {
        let kind: Kind
        let value: Range<Int>
    }

    /// Where the name appears; an iPAddress is an address in a subjectAltName
    /// and an address plus mask in a name constraint.
    enum Context { case alternativeName, constraint }

    /// Reads and checks one GeneralName.
    static func read(_ reader: inout DERReader, context: Context) throws(DERError) -> Located {
        let element = try reader.readElement()
        let tag = element.tag.rawValue
        guard tag & 0xC0 == 0x80, let kind = Kind(rawValue: tag & 0x1F) else {
            throw DERError(.unexpectedTag, at: element.start)
        }
        // The constructed bit is fixed by the CHOICE: otherName, x400Address,
        // directoryName and ediPartyName are constructed, the rest primitive.
        let constructed: Bool
        switch kind {
        case .otherName, .x400Address, .directoryName, .ediPartyName: constructed = true
        default: constructed = false
        }
        guard element.tag.isConstructed == constructed else { throw DERError(.unexpectedTag, at: element.start) }
        var value = element.value
        switch kind {
        case .dnsName, .rfc822Name, .uniformResourceIdentifier:
            for byte in reader.bytes(in: value) where byte >= 0x80 { throw DERError(.nonASCIIName, at: element.start) }
        case .ipAddress:
            let valid: Bool
            switch context {
            case .alternativeName: valid = value.count == 4 || value.count == 16
            case .constraint: valid = (value.count == 8 || value.count == 32) && isContiguousMask(value, reader)
            }
            guard valid else { throw DERError(.invalidIPAddress, at: element.start) }
        case .directoryName:
            // [4] is EXPLICIT because Name is a CHOICE (X.680 §31.2.7).
            var inner = try reader.nested(element)
            value = try DistinguishedName.check(&inner)
            try inner.expectEnd()
        case .otherName:
            var inner = try reader.nested(element)
            _ = try inner.readOID()
            _ = try inner.read(.contextSpecificConstructed(0))
            try inner.expectEnd()
        case .registeredID:
            var inner = reader.reader(over: element.start..<element.value.upperBound, depth: reader.depth)
            _ = try inner.readOID(tag: .contextSpecific(8))
        case .x400Address, .ediPartyName:
            break
        }
        return Located(kind: kind, value: value)
    }

    /// The mask half of a constraint's address is a run of ones then zeros
    /// (RFC 5280 §4.2.1.10 writes it as CIDR).
    static func isContiguousMask(_ value: Range<Int>, _ reader: DERReader) -> Bool {
        let maskStart = value.lowerBound + value.count / 2
        var seenZero = false
        for offset in maskStart..<value.upperBound {
            let byte = reader[offset]
            if seenZero {
                guard byte == 0 else { return false }
            } else if byte != 0xFF {
                // Inside this byte the ones must be leading: ~byte + 1 is a power of two.
                let inverted = ~byte
                guard inverted & (inverted &+ 1) == 0 else { return false }
                seenZero = true
            }
        }
        return true
    }

    /// Reads `GeneralNames ::= SEQUENCE SIZE (1..MAX) OF GeneralName` (under
    /// `tag` where a module tags it implicitly) and returns its content range.
    static func readList(_ reader: inout DERReader, context: Context, tag: DERTag = .sequence) throws(DERError) -> Range<Int> {
        let element = try reader.read(tag)
        guard !element.value.isEmpty else { throw DERError(.emptyGeneralNames, at: element.start) }
        var names = try reader.nested(element)
        while !names.isAtEnd { _ = try read(&names, context: context) }
        return element.value
    }

    /// Decodes the GeneralNames content at `range` of `der`, an encoding
    /// that parsing checked (a subjectAltName, a distribution point's
    /// fullName or cRLIssuer, an entry's certificateIssuer).
    /// The names of a GeneralNames content that a parser of this module
    /// checked (a distribution point's fullName or cRLIssuer, a CRL entry's
    /// certificateIssuer); other bytes decode as far as they read.
    package static func list(in content: ArraySlice<UInt8>) -> [GeneralName] {
        list(in: content, limit: Int.max).names
    }

    /// The first `limit` names of such a content and how many follow them,
    /// counted without being kept: a display shows a list of millions of
    /// names (a CRL's scope) within its budget.
    package static func list(in content: ArraySlice<UInt8>, limit: Int) -> (names: [GeneralName], omitted: Int) {
        let base = content.startIndex
        return DERReader.withReader(over: content) { reader in
            var names: [GeneralName] = []
            var omitted = 0
            while !reader.isAtEnd, let name = try? read(&reader, context: .alternativeName) {
                if names.count < limit {
                    names.append(GeneralName(kind: name.kind, value: content[(base + name.value.lowerBound)..<(base + name.value.upperBound)]))
                } else {
                    omitted += 1
                }
            }
            return (names, omitted)
        }
    }
}

extension Certificate {
    /// Whether any subjectAltName entry satisfies `predicate`, decoding one
    /// entry at a time: no list is built, so the hot path's name checks
    /// (matching the host, the dNSName syntax rule) allocate nothing.
    public func containsAlternativeName(where predicate: (GeneralName) -> Bool) -> Bool {
        guard let san = storage.extensions.subjectAlternativeName else { return false }
        let der = self.der
        return withReader(san.value) { reader in
            while !reader.isAtEnd, let name = try? GeneralName.read(&reader, context: .alternativeName) {
                if predicate(GeneralName(kind: name.kind, value: der[name.value])) { return true }
            }
            return false
        }
    }

    /// The subjectAltName entries, or an empty list when the extension is absent.
    public var subjectAlternativeNames: [GeneralName] {
        guard let san = storage.extensions.subjectAlternativeName else { return [] }
        return GeneralName.list(in: der[san.value])
    }
}
