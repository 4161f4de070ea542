// The Embedded Swift smoke program: parses a certificate compiled into the
// module, prints its subject and a few fields, and a malformed input's
// typed error, then exits 0. `scripts/embedded-check.sh` builds and runs it.
import DER
import PKIX

@_cdecl("swift_main")
func swiftMain() {
    do throws(DERError) {
        let certificate = try Certificate(derEncoded: embeddedCertificate)
        print("subject: " + certificate.subjectName.description)
        print("notAfter: " + CivilTime.iso8601(certificate.notAfter))
        print("subjectAltNames: " + String(certificate.subjectAlternativeNames.count))
        print("keyBits: " + String(certificate.publicKey.sizeInBits))
    } catch {
        print("FAILED: " + error.description)
        return
    }
    do throws(DERError) {
        _ = try Certificate(derEncoded: [0x30, 0x80, 0x00, 0x00])
        print("FAILED: indefinite length accepted")
    } catch {
        print("refused: " + error.description)
    }
}
