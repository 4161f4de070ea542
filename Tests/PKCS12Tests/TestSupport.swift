import Foundation
import PKCS12
import PKIX
import TestSupport

let pkcs12Vectors = Vectors.url("pkcs12")

func vector(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: pkcs12Vectors.appendingPathComponent(path)))
}

/// A base64 text vector (the RFC 9579 files), whitespace ignored.
func base64Vector(_ path: String) throws -> [UInt8] {
    let text = try String(contentsOf: pkcs12Vectors.appendingPathComponent(path), encoding: .utf8)
    return Array(Data(base64Encoded: text.filter { !$0.isWhitespace })!)
}

/// The DER of each certificate in a PEM file.
func pemCertificates(_ text: String) -> [[UInt8]] {
    text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().map { block in
        let body = block.components(separatedBy: "-----END CERTIFICATE-----")[0]
        return Array(Data(base64Encoded: body.filter { !$0.isWhitespace })!)
    }
}

/// Runs a command line through /bin/sh; returns stdout, or throws with stderr.
@discardableResult
func shell(_ command: String, in directory: URL? = nil, environment: [String: String] = [:], input: Data? = nil) throws -> Data {
    // Standard input is a pipe closed after `input`, never the test's own: openssl must not wait on a terminal.
    let run = try runTool("/bin/sh", ["-c", command], in: directory, environment: environment, input: input ?? Data())
    guard run.status == 0 else {
        throw ShellFailure(command: command, status: run.status, stderr: run.error)
    }
    return run.standardOutput
}

struct ShellFailure: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let stderr: String
    var description: String { "`\(command)` exited \(status): \(stderr)" }
}

let opensslAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

/// Opens a file, returning the typed error instead of throwing it.
func open(_ bytes: [UInt8], _ password: PKCS12Password, limits: PKCS12Limits = PKCS12Limits()) -> Result<PKCS12File, PKCS12Error> {
    do throws(PKCS12Error) {
        return .success(try PKCS12File(bytes: bytes, password: password, limits: limits))
    } catch {
        return .failure(error)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

func commonName(_ certificate: Certificate) -> String? {
    certificate.subjectName.values(of: .commonName).first
}
