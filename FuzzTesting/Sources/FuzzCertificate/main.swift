// libFuzzer entry: DER bytes into every certificate entry point and view.
import PureX509

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? TBSCertificateLayout.check(bytes)
    guard let certificate = try? Certificate(derEncoded: bytes) else { return 0 }
    _ = certificate.subjectName.description
    _ = certificate.issuerName.description
    for name in certificate.subjectAlternativeNames {
        _ = certificate.text(of: name)
        if name.kind == .directoryName { _ = certificate.name(at: name.value).description }
    }
    _ = certificate.extendedKeyUsages
    _ = certificate.policyIdentifiers
    _ = certificate.allExtensions
    _ = certificate.permittedSubtrees
    _ = certificate.excludedSubtrees
    return 0
}
