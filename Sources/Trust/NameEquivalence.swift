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
    /// A canonical byte form of a Name TLV; two names are equivalent when these are equal.
    static func canonical(_ certificate: Certificate, _ range: Range<Int>) -> [UInt8] {
        canonical(certificate.name(at: range))
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
            if forms.count > 1 { forms.sort { $0.lexicographicallyPrecedes($1) } }
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
