import DER

/// An X.509 CRL (RFC 5280 §5), parsed once from its DER and checked strictly.
///
/// Like `Certificate`, it keeps its encoding once and hands its parts out as
/// views that carry their bytes. The revoked entries are not copied out: parsing checks
/// each one and builds one sorted index of 16 bytes per entry (a serial
/// prefix and two offsets), so a lookup by serial number is a binary search
/// and an entry is decoded only when it is asked for. That index is the one
/// allocation a parse makes besides the storage object, whatever the number
/// of entries.
public struct CertificateList: Sendable {
    /// The syntax version; the raw value is the encoded INTEGER (RFC 5280 §5.1.2.1).
    public enum Version: Int, Sendable, Equatable {
        /// Versions 1 and 2; v1's field is absent, v2 is encoded as 1.
        case v1 = 0, v2 = 1
    }

    /// One revokedCertificates entry in the index: the first octets of its
    /// serial (with the length, so equal keys mean equal lengths up to 255),
    /// the offset of its SEQUENCE, and that of the entry whose
    /// certificateIssuer governs it (`noIssuerEntry`: the CRL issuer).
    struct IndexEntry: Sendable {
        let key: UInt64
        let entry: UInt32
        let issuerEntry: UInt32
    }
    static let noIssuerEntry = UInt32.max

    final class Storage: Sendable {
        let der: [UInt8]
        let version: Version
        let tbsCertList: Range<Int>
        let signatureAlgorithm: AlgorithmIdentifier.Location
        let issuer: Range<Int>
        let thisUpdate: Int64
        let nextUpdate: Int64?
        let revokedCertificates: Range<Int>?
        let index: [IndexEntry]
        let hasUnrecognisedCriticalEntryExtension: Bool
        let extensions: CRLExtensionLayout
        let signatureValue: Range<Int>

        init(der: [UInt8], version: Version, tbsCertList: Range<Int>, signatureAlgorithm: AlgorithmIdentifier.Location,
             issuer: Range<Int>, thisUpdate: Int64, nextUpdate: Int64?, revokedCertificates: Range<Int>?,
             index: [IndexEntry], hasUnrecognisedCriticalEntryExtension: Bool, extensions: CRLExtensionLayout,
             signatureValue: Range<Int>) {
            self.der = der
            self.version = version
            self.tbsCertList = tbsCertList
            self.signatureAlgorithm = signatureAlgorithm
            self.issuer = issuer
            self.thisUpdate = thisUpdate
            self.nextUpdate = nextUpdate
            self.revokedCertificates = revokedCertificates
            self.index = index
            self.hasUnrecognisedCriticalEntryExtension = hasUnrecognisedCriticalEntryExtension
            self.extensions = extensions
            self.signatureValue = signatureValue
        }
    }

    let storage: Storage

    /// The whole CRL encoding; every view below carries a part of it.
    public var der: [UInt8] { storage.der }
    /// The syntax version; v1 when the version field is absent.
    public var version: Version { storage.version }
    /// The TBSCertList the issuer signed, the signature algorithm (outer and
    /// TBS copies are equal) and the signature octets.
    public var signedData: SignedData {
        let der = storage.der
        return SignedData(message: der[storage.tbsCertList], algorithm: storage.signatureAlgorithm.view(in: der),
                          signature: der[storage.signatureValue])
    }
    /// The signature AlgorithmIdentifier (outer and TBS copies are equal).
    public var signatureAlgorithm: AlgorithmIdentifier { storage.signatureAlgorithm.view(in: storage.der) }
    /// The issuer Name; scope checks compare its bytes.
    public var issuer: Name { Name(encoded: storage.der[storage.issuer]) }
    /// Seconds since 1970-01-01T00:00:00Z.
    public var thisUpdate: Int64 { storage.thisUpdate }
    /// When the next CRL is due, in seconds since 1970-01-01T00:00:00Z; nil when the CRL omits it (§5.1.2.5).
    public var nextUpdate: Int64? { storage.nextUpdate }
    /// The crlExtensions this library knows, checked at parse time (§5.2).
    package var extensions: CRLExtensions { CRLExtensions(storage: storage) }
    /// The content of the revokedCertificates SEQUENCE; nil when the CRL lists none.
    package var revokedCertificates: ArraySlice<UInt8>? { storage.revokedCertificates.map { storage.der[$0] } }
    /// The number of revokedCertificates entries.
    public var entryCount: Int { storage.index.count }
    /// RFC 5280 §5.2 and §5.3: a critical extension this library does not
    /// process, on the CRL or on an entry. Such a CRL must not be used to
    /// decide any certificate's status.
    public var hasUnrecognisedCriticalExtension: Bool {
        storage.extensions.hasUnrecognisedCriticalExtension || storage.hasUnrecognisedCriticalEntryExtension
    }
    /// A delta CRL (§5.2.4).
    package var isDelta: Bool { storage.extensions.deltaCRLIndicator != nil }

    /// The entries for a serial number (INTEGER content octets, as
    /// `Certificate.serialNumber` locates them), in encoding order. Usually
    /// none or one; an indirect CRL may list the same serial for several
    /// certificate issuers.
    public func entries(forSerialNumber serial: ArraySlice<UInt8>) -> [RevokedCertificate] {
        let index = storage.index
        let key = Self.key(serial)
        var low = 0, high = index.count
        while low < high {
            let middle = (low + high) / 2
            if compare(index[middle], key, serial) < 0 { low = middle + 1 } else { high = middle }
        }
        var found: [RevokedCertificate] = []
        while low < index.count, compare(index[low], key, serial) == 0 {
            if let entry = decode(index[low]) { found.append(entry) }
            low += 1
        }
        return found
    }

    /// Every entry, in encoding order (for display; lookups use `entries(forSerialNumber:)`).
    package var allEntries: [RevokedCertificate] {
        storage.index.stablySorted { $0.entry < $1.entry }.compactMap(decode)
    }

    /// The first `limit` entries in encoding order, for a display budget:
    /// only those are decoded, so showing the start of a CRL of a million
    /// entries costs a sort of its index, not a million decoded entries.
    package func entries(prefix limit: Int) -> [RevokedCertificate] {
        guard limit < storage.index.count else { return allEntries }
        return storage.index.stablySorted { $0.entry < $1.entry }.prefix(max(0, limit)).compactMap(decode)
    }

    /// Orders an index entry against a serial: by key, then by the whole
    /// serial (length, then octets). The order only has to be total and
    /// agree with equality, which holds because DER INTEGERs are minimal.
    func compare(_ item: IndexEntry, _ key: UInt64, _ serial: ArraySlice<UInt8>) -> Int {
        if item.key != key { return item.key < key ? -1 : 1 }
        guard serial.count > 7 else { return 0 }
        return Self.compareSerials(serialOf(item), serial)
    }

    static func compareSerials(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    /// The serial's length (saturated at 255) and first seven octets.
    static func key(_ serial: ArraySlice<UInt8>) -> UInt64 {
        var key = UInt64(min(serial.count, 255)) << 56
        var shift: UInt64 = 48
        for byte in serial.prefix(7) {
            key |= UInt64(byte) << shift
            shift &-= 8
        }
        return key
    }

    func serialOf(_ item: IndexEntry) -> ArraySlice<UInt8> {
        DERReader.withReader(over: der, range: Int(item.entry)..<der.count) { reader in
            guard let entry = try? reader.read(.sequence) else { return [] }
            var fields = reader.reader(over: entry.value)
            guard let serial = try? fields.read(.integer) else { return [] }
            return der[serial.value]
        }
    }

    func decode(_ item: IndexEntry) -> RevokedCertificate? {
        var issuer: Range<Int>? = nil
        if item.issuerEntry != Self.noIssuerEntry {
            issuer = (try? Self.readEntry(der, at: Int(item.issuerEntry)))?.values.certificateIssuer
        }
        guard let read = try? Self.readEntry(der, at: Int(item.entry)) else { return nil }
        return RevokedCertificate(encoded: der[read.encoded], serialNumber: SerialNumber(bytes: der[read.serial]),
                                  revocationDate: read.date, reason: read.values.reason, invalidityDate: read.values.invalidityDate,
                                  certificateIssuer: (read.values.certificateIssuer ?? issuer).map { der[$0] })
    }
}
