import PureX509
import Testing

/// The product users import re-exports the layers: one import reaches the
/// reader, the certificate model and PEM.
@Test func umbrellaReExportsTheLayers() throws {
    let der = try PEM.certificates(in: Array("""
        -----BEGIN CERTIFICATE-----
        MAMCAQE=
        -----END CERTIFICATE-----
        """.utf8))[0].der
    #expect(throws: DERError(.unexpectedTag, at: 2)) { try Certificate(derEncoded: der) }
}
