import DER

/// An X.509 v1–v3 certificate, parsed once from its DER and checked strictly.
///
/// The certificate keeps its encoding once (`der`) and hands its parts out
/// as views that carry their bytes (docs/bytes.md): chaining compares
/// `issuer.encoded` and `subject.encoded`, signature checks hash
/// `signedData.message`, and pins hash `subjectPublicKeyInfo.encoded`, so
/// nothing is re-encoded. Parsing stores offsets (in one shared, immutable
/// storage object) and a few small decoded values only; the views and the
/// decoded values (`subjectName`, `subjectAlternativeNames`, …) are
/// computed when asked for.
///
/// Everything reachable through this value passed the checks in
/// `Certificate(derEncoded:)`; see docs/parsing.md for the decisions taken
/// where RFC 5280 leaves a choice.
public struct Certificate: Sendable {
    /// The syntax version; the raw value is the encoded INTEGER (RFC 5280 §4.1.2.1).
    public enum Version: Int, Sendable, Equatable {
        /// Versions 1, 2 and 3, encoded as 0, 1 and 2; v1 is the DEFAULT, so its field is absent.
        case v1 = 0, v2 = 1, v3 = 2
    }

    /// The parsed fields live in one immutable object, so that copying a
    /// `Certificate` (into a path, a cache, a chain) is one retain rather
    /// than a copy of several hundred bytes of ranges. It is the one
    /// allocation a parse makes besides the caller's array.
    final class Storage: Sendable {
        let der: [UInt8]
        let version: Version
        let tbsCertificate: Range<Int>
        let serialNumber: Range<Int>
        let signatureAlgorithm: AlgorithmIdentifier.Location
        let issuer: Range<Int>
        let subject: Range<Int>
        let notBefore: Int64
        let notAfter: Int64
        let subjectPublicKeyInfo: Range<Int>
        let publicKey: PublicKey
        let signatureValue: Range<Int>
        let extensions: ExtensionLayout

        init(der: [UInt8], version: Version, tbsCertificate: Range<Int>, serialNumber: Range<Int>,
             signatureAlgorithm: AlgorithmIdentifier.Location, issuer: Range<Int>, subject: Range<Int>,
             notBefore: Int64, notAfter: Int64, subjectPublicKeyInfo: Range<Int>, publicKey: PublicKey,
             signatureValue: Range<Int>, extensions: ExtensionLayout) {
            self.der = der
            self.version = version
            self.tbsCertificate = tbsCertificate
            self.serialNumber = serialNumber
            self.signatureAlgorithm = signatureAlgorithm
            self.issuer = issuer
            self.subject = subject
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.subjectPublicKeyInfo = subjectPublicKeyInfo
            self.publicKey = publicKey
            self.signatureValue = signatureValue
            self.extensions = extensions
        }
    }

    let storage: Storage

    /// The whole certificate encoding; every view below carries a part of it.
    public var der: [UInt8] { storage.der }
    /// The syntax version; v1 when the `[0]` field is absent.
    public var version: Version { storage.version }
    /// The TBSCertificate the issuer signed, the signature algorithm (outer
    /// and TBS copies are equal) and the signature octets.
    public var signedData: SignedData {
        let der = storage.der
        return SignedData(message: der[storage.tbsCertificate], algorithm: storage.signatureAlgorithm.view(in: der),
                          signature: der[storage.signatureValue])
    }
    /// The serial number's INTEGER content octets (two's complement, minimal).
    public var serialNumber: SerialNumber { SerialNumber(bytes: storage.der[storage.serialNumber]) }
    /// The signature AlgorithmIdentifier (outer and TBS copies are equal).
    public var signatureAlgorithm: AlgorithmIdentifier { storage.signatureAlgorithm.view(in: storage.der) }
    /// The issuer Name; chaining compares its bytes.
    public var issuer: Name { Name(encoded: storage.der[storage.issuer]) }
    /// The subject Name; chaining compares its bytes.
    public var subject: Name { Name(encoded: storage.der[storage.subject]) }
    /// Seconds since 1970-01-01T00:00:00Z.
    public var notBefore: Int64 { storage.notBefore }
    /// The last second of validity, inclusive (RFC 5280 §4.1.2.5), in seconds since 1970-01-01T00:00:00Z.
    public var notAfter: Int64 { storage.notAfter }
    /// The SubjectPublicKeyInfo TLV, which pins hash, and the key decoded from it.
    public var subjectPublicKeyInfo: SubjectPublicKeyInfo {
        SubjectPublicKeyInfo(storage.publicKey)
    }
    /// The subject's key, decoded from `subjectPublicKeyInfo`.
    public var publicKey: PublicKey { storage.publicKey }
    /// The v3 extensions, one slot per type this library knows; all empty before v3.
    package var extensions: Extensions { Extensions(storage: storage) }

    init(
        der: [UInt8], version: Version, tbsCertificate: Range<Int>, serialNumber: Range<Int>,
        signatureAlgorithm: AlgorithmIdentifier.Location, issuer: Range<Int>, subject: Range<Int>,
        notBefore: Int64, notAfter: Int64, subjectPublicKeyInfo: Range<Int>, publicKey: PublicKey,
        signatureValue: Range<Int>, extensions: ExtensionLayout
    ) {
        storage = Storage(
            der: der, version: version, tbsCertificate: tbsCertificate, serialNumber: serialNumber,
            signatureAlgorithm: signatureAlgorithm, issuer: issuer, subject: subject, notBefore: notBefore,
            notAfter: notAfter, subjectPublicKeyInfo: subjectPublicKeyInfo, publicKey: publicKey,
            signatureValue: signatureValue, extensions: extensions)
    }

    /// Whether the issuer and subject names are byte-for-byte equal (RFC 5280
    /// §6.1 "self-issued" as chaining compares names).
    package var isSelfIssued: Bool {
        // Eight bytes at a time: every evaluation asks this of each path
        // certificate, and the slices' element-wise == costs about ten times more.
        let issuer = storage.issuer, subject = storage.subject
        guard issuer.count == subject.count else { return false }
        return der.withUnsafeBytes { raw in
            var offset = 0
            let count = issuer.count
            while offset + 8 <= count {
                if raw.loadUnaligned(fromByteOffset: issuer.lowerBound + offset, as: UInt64.self)
                    != raw.loadUnaligned(fromByteOffset: subject.lowerBound + offset, as: UInt64.self) { return false }
                offset += 8
            }
            while offset < count {
                if raw[issuer.lowerBound + offset] != raw[subject.lowerBound + offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// Runs `body` with a reader over this certificate's encoding.
    func withReader<T>(_ range: Range<Int>, _ body: (inout DERReader) -> T) -> T {
        DERReader.withReader(over: der, range: range, body)
    }
}
