// The byte comparisons path building makes for every candidate issuer
// (subject against issuer, subject and key against subject and key),
// made in place on the stored offsets: comparing the public views costs a
// retain and a release of the encoding per operand.
extension Certificate {
    /// A part of a certificate that chaining compares by its bytes.
    package enum Part: Sendable {
        case issuer, subject, subjectPublicKeyInfo
    }

    private func range(of part: Part) -> Range<Int> {
        switch part {
        case .issuer: return storage.issuer
        case .subject: return storage.subject
        case .subjectPublicKeyInfo: return storage.subjectPublicKeyInfo
        }
    }

    /// Negative, zero or positive as `part`'s bytes sort before, equal or
    /// sort after `bytes` (lexicographic, a proper prefix first).
    package func compare(_ part: Part, with bytes: ArraySlice<UInt8>) -> Int {
        let range = range(of: part)
        return storage.der.withUnsafeBufferPointer { own in
            bytes.withUnsafeBufferPointer { other in
                Self.compare(UnsafeBufferPointer(rebasing: own[range]), other)
            }
        }
    }

    /// Whether `part` of this certificate holds the same bytes as `otherPart` of `other`.
    package func bytes(of part: Part, equal otherPart: Part, of other: Certificate) -> Bool {
        let range = range(of: part), otherRange = other.range(of: otherPart)
        guard range.count == otherRange.count else { return false }
        return storage.der.withUnsafeBufferPointer { own in
            other.storage.der.withUnsafeBufferPointer { theirs in
                Self.compare(UnsafeBufferPointer(rebasing: own[range]), UnsafeBufferPointer(rebasing: theirs[otherRange])) == 0
            }
        }
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(a.count, b.count)
        var index = 0
        while index < shared {
            if a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
            index += 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
