import Foundation
import Testing
import PKCS12

// A password proves nothing about a file without a MAC: whoever can write
// the file can drop the MAC and put their own key first. With a password
// given, such a file is refused unless the caller opts in; a file opened
// with no password is read as before.

extension PKCS12Limits {
    /// The defaults, with a MAC-less file allowed under a password: for
    /// tests that read `-nomac` exports on purpose.
    static var allowingNoMAC: PKCS12Limits {
        var limits = PKCS12Limits()
        limits.allowsPasswordWithoutMAC = true
        return limits
    }
}

/// OpenSSL's `-nomac` exports, encrypted or not, under their password.
@Test(arguments: ["nomac", "nomac-unencrypted"])
func macLessFileWithAPasswordIsRefused(_ name: String) throws {
    let file = try exported(name)
    #expect(open(file.bytes, .utf8("secret")).failure == .missingMAC)
    // The caller's explicit choice opens it, and the report still says there was no MAC.
    let opened = try PKCS12File(bytes: file.bytes, password: .utf8("secret"), limits: .allowingNoMAC)
    #expect(opened.identities.count == 1)
    #expect(opened.report.integrity == .none)
    #expect(opened.report.weaknesses.first == .noIntegrity)
}

/// The attack the refusal stops: a MAC-protected file with its MacData cut
/// off still decrypts under the owner's password, so anything placed in it
/// would have been read as the owner's.
@Test func strippedMACIsRefused() throws {
    let file = try exported("unencrypted")
    #expect(try PKCS12File(bytes: file.bytes, password: .utf8("secret")).report.integrity != .none)
    var pfx = ASN1Node.parse(file.bytes)
    pfx = .constructed(tag: 0x30, children: Array(pfx.children.prefix(2)))
    #expect(open(pfx.der, .utf8("secret")).failure == .missingMAC)
    #expect(open(pfx.der, .utf8("secret"), limits: .allowingNoMAC).failure == nil)
}

/// No password, or an empty one: nothing secret to bind, read as before.
@Test func macLessFileWithoutAPasswordStillOpens() throws {
    let file = try exported("empty-password-legacy-nomac")
    for password in [PKCS12Password.none, .utf8("")] {
        let opened = try PKCS12File(bytes: file.bytes, password: password)
        #expect(opened.identities.count == 1)
        #expect(opened.report.integrity == .none)
    }
}

/// The refusal comes before any decryption or bag is read: a MAC-less file
/// whose only content is garbage gives the same error.
@Test func refusalComesBeforeTheContents() throws {
    let garbage: [UInt8] = [0x30, 0x12, 0x02, 0x01, 0x03, 0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7,
                            0x0D, 0x01, 0x07, 0x01, 0xA0, 0x00]
    #expect(open(garbage, .utf8("secret")).failure != .missingMAC)
    let file = plainFile([.constructed(tag: 0x30, children: [.primitive(tag: 0x05, bytes: [])])])
    #expect(open(file, .utf8("secret")).failure == .missingMAC)
    #expect(open(file, .none).failure != nil)
}
