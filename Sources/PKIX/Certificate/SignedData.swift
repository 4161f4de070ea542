/// What a signature covers and how it was made: the to-be-signed bytes, the
/// signature AlgorithmIdentifier and the signature octets of a certificate,
/// a CRL or an OCSP response, each as bytes of the object that holds them.
///
/// One shape for the three, so a verifier checks every signed object in one
/// place.
public struct SignedData: Sendable, Hashable {
    /// The to-be-signed TLV (TBSCertificate, TBSCertList, ResponseData), as encoded.
    public let message: ArraySlice<UInt8>
    /// The signature AlgorithmIdentifier.
    public let algorithm: AlgorithmIdentifier
    /// The signature octets: the BIT STRING content after its unused-bits octet.
    public let signature: ArraySlice<UInt8>

    /// The parts, as a verifier would receive them from elsewhere (a signed-data test case).
    package init(message: ArraySlice<UInt8>, algorithm: AlgorithmIdentifier, signature: ArraySlice<UInt8>) {
        self.message = message
        self.algorithm = algorithm
        self.signature = signature
    }
}
