import Foundation
import PKCS12
import PKIX

let pkcs12Vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Vectors/pkcs12")

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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let output = Pipe(), errors = Pipe(), stdin = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(input) }
    try stdin.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ShellFailure(command: command, status: process.terminationStatus, stderr: errorText)
    }
    return data
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
