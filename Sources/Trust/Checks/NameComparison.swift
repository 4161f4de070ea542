import DER
import PKIX

// RFC 5280 §7.1 comparison of two encoded Names, RDN by RDN in step: an
// RDN that is byte-equal to its partner costs one comparison, and only an
// RDN that differs is decoded and folded (NameEquivalence). Names of
// different lengths part at the shorter one's end, so a name of a million
// RDNs compared with an issuer's three costs four steps, not a decoding of
// the million (an OCSP ResponderID or a CRL issuer is attacker-controlled).
enum NameComparison {
    /// Whether two Name TLVs name the same entity.
    static func equivalent(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        if a.elementsEqual(b) { return true }
        return DERReader.withReader(over: a) { (left: inout DERReader) -> Bool in
            DERReader.withReader(over: b) { (right: inout DERReader) -> Bool in
                guard let nameA = try? left.read(.sequence), let nameB = try? right.read(.sequence),
                      var rdnsA = try? left.nested(nameA), var rdnsB = try? right.nested(nameB) else { return false }
                while !rdnsA.isAtEnd || !rdnsB.isAtEnd {
                    guard !rdnsA.isAtEnd, !rdnsB.isAtEnd,
                          let x = try? rdnsA.readElement(), let y = try? rdnsB.readElement() else { return false }
                    let rdnA = a[(a.startIndex + x.start)..<(a.startIndex + x.value.upperBound)]
                    let rdnB = b[(b.startIndex + y.start)..<(b.startIndex + y.value.upperBound)]
                    if !rdnA.elementsEqual(rdnB) && !equivalentRDNs(rdnA, rdnB) { return false }
                }
                return true
            }
        }
    }

    /// Two RDN TLVs by their folded attribute values, in any order.
    static func equivalentRDNs(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        NameEquivalence.canonicalRelativeNames(DistinguishedName(derEncoded: wrappedInName(a)[...]))
            == NameEquivalence.canonicalRelativeNames(DistinguishedName(derEncoded: wrappedInName(b)[...]))
    }

    /// One RDN as the Name that holds it alone.
    static func wrappedInName(_ rdn: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = [DERTag.sequence.rawValue]
        let count = rdn.count
        if count < 0x80 {
            out.append(UInt8(count))
        } else {
            var length: [UInt8] = []
            var remaining = count
            while remaining > 0 { length.insert(UInt8(remaining & 0xFF), at: 0); remaining >>= 8 }
            out.append(0x80 | UInt8(length.count))
            out += length
        }
        return out + rdn
    }
}
