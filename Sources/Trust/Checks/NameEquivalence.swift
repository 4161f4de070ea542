import DER
import PKIX

/// RFC 5280 §7.1 name matching beyond byte equality: attribute values of
/// string types compare after the stringprep steps that matter in practice
/// — leading and trailing spaces removed, inner runs of spaces folded to
/// one, ASCII letters case-folded — whatever the string type (a
/// PrintableString issuer matches a UTF8String subject). Other values
/// compare as encoded.
///
/// Path building compares names byte for byte first (the common case, and
/// what every CA does); this form is the fallback when no issuer matches
/// exactly (PKITS 4.3.3–4.3.11).
enum NameEquivalence {
    /// Names of more RDNs than this are not folded: their form is their
    /// encoding, so they match byte for byte only (stricter, never looser).
    /// Real names have fewer than 20; the bound keeps a presented name of a
    /// million RDNs from being decoded whole when path building falls back
    /// to this form (it canonicalises every presented subject), which cost
    /// 228 MB for a 12 MB name.
    static let maximumFoldedRDNs = 64

    /// A canonical byte form of a Name TLV; two names are equivalent when these are equal.
    static func canonical(_ name: Name) -> [UInt8] {
        let encoded = name.encoded
        guard relativeNameCount(encoded, atMost: maximumFoldedRDNs) <= maximumFoldedRDNs else {
            // 0xFF never starts a folded form (those start with 0x31, or are empty).
            return [0xFF] + encoded
        }
        return canonical(name.distinguishedName)
    }

    /// The number of RDNs of a Name TLV, counted up to one past `limit`.
    static func relativeNameCount(_ name: ArraySlice<UInt8>, atMost limit: Int) -> Int {
        DERReader.withReader(over: name) { reader in
            guard let sequence = try? reader.read(.sequence), var rdns = try? reader.nested(sequence) else { return 0 }
            var count = 0
            while !rdns.isAtEnd, count <= limit, (try? rdns.readElement()) != nil { count += 1 }
            return count
        }
    }

    static func canonical(_ name: DistinguishedName) -> [UInt8] {
        var out: [UInt8] = []
        for rdn in name.relativeNames {
            out.append(0x31)
            for attribute in rdn { out += canonical(attribute) }
        }
        return out
    }

    /// Each RDN of `name` in canonical form, its attributes' forms sorted so
    /// that the order a multi-valued RDN is encoded in does not matter (DER
    /// sorts a SET OF by encoding, which the string type and spacing change).
    /// Name constraints compare these one RDN at a time (RFC 5280 §7.1).
    static func canonicalRelativeNames(_ name: DistinguishedName) -> [[UInt8]] {
        name.relativeNames.map { rdn in
            var forms = rdn.map(canonical)
            if forms.count > 1 { forms.stablySort { $0.lexicographicallyPrecedes($1) } }
            // Each form length-prefixed, so that no two RDNs share a form.
            var out: [UInt8] = [0x31]
            for form in forms {
                let count = UInt32(truncatingIfNeeded: form.count)
                out += [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
                out += form
            }
            return out
        }
    }

    /// One AttributeTypeAndValue: its type, then folded text under one
    /// string tag, or the value's own tag and octets.
    static func canonical(_ attribute: DistinguishedName.Attribute) -> [UInt8] {
        var out = attribute.type.bytes
        if let text = attribute.text {
            out.append(0x0C)
            out += fold(Array(text.utf8))
        } else {
            out.append(attribute.valueTag.rawValue)
            out += attribute.rawValue
        }
        out.append(0x00)
        return out
    }

    /// Trims, folds space runs and ASCII case.
    static func fold(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var pendingSpace = false
        for byte in bytes {
            if byte == 0x20 {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(ASCII.lowercased(byte))
        }
        return out
    }
}
