import DER
import PKIX

// The presented certificates of one evaluation, indexed once (issue: a
// lattice of same-name CAs made every dead end re-canonicalise every
// intermediate). Certificates are sorted by (subject, SPKI, DER): byte-equal
// issuer lookups are a binary search, exact duplicates collapse to one, and
// certificates that share a subject and a key fall into one "key class" —
// the identity the loop check compares. Canonical (RFC 5280 §7.1) subjects
// are computed once, on the first lookup that needs the fallback.

struct IssuerIndex {
    /// Presented certificates, each DER once, in the order first presented.
    let certificates: [Certificate]
    /// For each certificate, its position in the list it was built from.
    let presentedAt: [Int]
    /// For each certificate, the class of certificates with its subject and SPKI.
    let keyClass: [Int]
    /// Positions into `certificates`, sorted by (subject, SPKI).
    private let sorted: [Int]
    private var canonicalSubjects: [[UInt8]]? = nil
    /// Positions sorted by canonical subject, once `canonicalSubjects` exists.
    private var byCanonical: [Int] = []

    init(_ presented: [Certificate]) {
        // The common case, one intermediate (or none): nothing to sort or merge.
        if presented.count <= 1 {
            certificates = presented
            keyClass = presented.isEmpty ? [] : [0]
            presentedAt = keyClass
            sorted = keyClass
            return
        }
        let order = stableOrder(presented.count) { Self.precedes(presented[$0], presented[$1]) }
        // Keep the first presentation of each DER: a server that sends a
        // certificate twice gets no second search through it.
        var keep = [Bool](repeating: true, count: presented.count)
        for (previous, next) in zip(order, order.dropFirst()) where presented[previous].der == presented[next].der {
            if previous < next { keep[next] = false } else { keep[previous] = false }
        }
        var position = [Int](repeating: -1, count: presented.count)
        var certificates: [Certificate] = []
        var presentedAt: [Int] = []
        for index in presented.indices where keep[index] {
            position[index] = certificates.count
            certificates.append(presented[index])
            presentedAt.append(index)
        }
        self.presentedAt = presentedAt
        var sorted: [Int] = []
        var keyClass = [Int](repeating: 0, count: certificates.count)
        var classCount = 0
        for index in order where keep[index] {
            let current = position[index]
            if let last = sorted.last, Self.sameSubjectAndKey(certificates[last], certificates[current]) {
                keyClass[current] = keyClass[last]
            } else {
                keyClass[current] = classCount
                classCount += 1
            }
            sorted.append(current)
        }
        self.certificates = certificates
        self.keyClass = keyClass
        self.sorted = sorted

    }

    var count: Int { certificates.count }

    /// Certificates whose subject is byte-equal to `name`, in presentation order.
    func named(_ name: ArraySlice<UInt8>) -> ArraySlice<Int> {
        func order(_ position: Int) -> Int { certificates[sorted[position]].compare(.subject, with: name) }
        let low = partitionPoint(sorted.count) { order($0) < 0 }
        var end = low
        while end < sorted.count, order(end) == 0 { end += 1 }
        // One issuer (the usual case) is a slice of the index: no allocation.
        if end - low <= 1 { return sorted[low..<end] }
        var named = Array(sorted[low..<end])
        named.stablySort(by: <)
        return named[...]
    }

    /// The key class of a certificate with this subject and SPKI, if one was presented.
    func keyClass(of certificate: Certificate) -> Int? {
        for index in named(certificate.subject.encoded)
        where certificates[index].bytes(of: .subjectPublicKeyInfo, equal: .subjectPublicKeyInfo, of: certificate) {
            return keyClass[index]
        }
        return nil
    }

    /// Certificates whose subject is equivalent (RFC 5280 §7.1) to a name in
    /// canonical form, in presentation order. The first call canonicalises
    /// every subject, once for the evaluation.
    mutating func equivalent(to canonical: [UInt8]) -> [Int] {
        if canonicalSubjects == nil {
            let forms = certificates.map { NameEquivalence.canonical($0.subject) }
            canonicalSubjects = forms
            byCanonical = stableOrder(forms.count) { forms[$0].lexicographicallyPrecedes(forms[$1]) }
        }
        guard let forms = canonicalSubjects else { return [] }
        let low = partitionPoint(byCanonical.count) { forms[byCanonical[$0]].lexicographicallyPrecedes(canonical) }
        var end = low
        while end < byCanonical.count && forms[byCanonical[end]] == canonical { end += 1 }
        var equivalent = Array(byCanonical[low..<end])
        equivalent.stablySort(by: <)
        return equivalent
    }

    private static func precedes(_ a: Certificate, _ b: Certificate) -> Bool {
        let subjectA = a.subject.encoded, subjectB = b.subject.encoded
        if !subjectA.elementsEqual(subjectB) { return subjectA.lexicographicallyPrecedes(subjectB) }
        let keyA = a.subjectPublicKeyInfo.encoded, keyB = b.subjectPublicKeyInfo.encoded
        if !keyA.elementsEqual(keyB) { return keyA.lexicographicallyPrecedes(keyB) }
        return a.der.lexicographicallyPrecedes(b.der)
    }

    static func sameSubjectAndKey(_ a: Certificate, _ b: Certificate) -> Bool {
        a.bytes(of: .subject, equal: .subject, of: b) && a.bytes(of: .subjectPublicKeyInfo, equal: .subjectPublicKeyInfo, of: b)
    }
}
