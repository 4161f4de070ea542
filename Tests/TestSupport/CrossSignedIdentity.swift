import Foundation

/// PKCS #12 files, made by this machine's OpenSSL, whose identity has a
/// cross-signed intermediate in front of the real one: "Chain Root" issues
/// "Chain Intermediate", "Other Root" (in no file, trusted by nobody)
/// issues a second "Chain Intermediate" with the same key, and the leaf
/// "CN=chain client" (P-256, clientAuth, 30 days from now) is issued by that
/// key. Each file holds the leaf and its key, then the cross-certificate
/// first, as an exporter that lists what it was handed would write it.
/// Neither file has a MAC or encryption (`--no-password` opens them).
public struct CrossSignedIdentity {
    public let folder: URL
    /// The root's certificate, PEM: the anchor to verify with.
    public var rootPEM: String { path("root.pem") }
    /// Leaf and key, then cross-certificate, real intermediate, root.
    public var withRoot: String { path("with-root.p12") }
    /// Leaf and key, then cross-certificate and real intermediate, no root.
    public var withoutRoot: String { path("without-root.p12") }

    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The DER of a certificate the files were made from: "root", "int", "cross" or "leaf".
    public func certificate(_ name: String) throws -> [UInt8] {
        let text = try String(contentsOfFile: path("\(name).pem"), encoding: .utf8)
        let body = text.components(separatedBy: "-----BEGIN CERTIFICATE-----")[1].components(separatedBy: "-----END CERTIFICATE-----")[0]
        return Array(Data(base64Encoded: body.filter { !$0.isWhitespace }) ?? Data())
    }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cross-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try openSSLClientExtensions.write(to: folder.appendingPathComponent("ext.cnf"), atomically: true, encoding: .utf8)
        let ec = "-algorithm EC -pkeyopt ec_paramgen_curve:P-256"
        let script = """
        set -e
        for name in root other int leaf; do openssl genpkey \(ec) -out $name.key; done
        openssl req -x509 -new -key root.key -subj "/CN=Chain Root" -days 30 -config ext.cnf -extensions ca -out root.pem
        openssl req -x509 -new -key other.key -subj "/CN=Other Root" -days 30 -config ext.cnf -extensions ca -out other.pem
        openssl req -new -key int.key -subj "/CN=Chain Intermediate" -config ext.cnf -out int.csr
        openssl x509 -req -in int.csr -CA root.pem -CAkey root.key -set_serial 2 -days 30 -extfile ext.cnf -extensions ca -out int.pem
        openssl x509 -req -in int.csr -CA other.pem -CAkey other.key -set_serial 3 -days 30 -extfile ext.cnf -extensions ca -out cross.pem
        openssl req -new -key leaf.key -subj "/CN=chain client" -config ext.cnf -out leaf.csr
        openssl x509 -req -in leaf.csr -CA int.pem -CAkey int.key -set_serial 4 -days 30 -extfile ext.cnf -extensions leaf -out leaf.pem
        cat cross.pem int.pem root.pem > with-root.pem
        cat cross.pem int.pem > without-root.pem
        for file in with-root without-root; do
          openssl pkcs12 -export -in leaf.pem -inkey leaf.key -certfile $file.pem -nomac -keypbe NONE -certpbe NONE \\
            -passout pass: -out $file.p12
        done
        """
        let run = try runTool("/bin/sh", ["-c", script], in: folder, input: Data())
        guard run.status == 0 else { throw CrossSignedIdentityFailure(stderr: run.error) }
    }
}

/// openssl could not make the files.
public struct CrossSignedIdentityFailure: Error, CustomStringConvertible {
    public let stderr: String
    public var description: String { "openssl could not make the cross-signed identity files: \(stderr)" }
}
