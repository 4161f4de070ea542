import Foundation
import DER
import PKIX
import Testing
import TestSupport

/// Every file under Vectors/certs either parses or fails with a typed error;
/// the files listed in Vectors/certs/MALFORMED.txt must fail.
@Test func corpusParsesOrFailsWithTypedError() throws {
    let malformed = try String(contentsOf: Vectors.url("certs/MALFORMED.txt"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        .map { String($0.split(separator: " ").first!) }
    var parsedFiles = 0, parsedCertificates = 0, failedFiles = 0, skipped = 0
    var bySet: [String: (parsed: Int, failed: Int)] = [:]
    var failures: [String] = []
    for file in Vectors.files(under: "certs") {
        let name = file.lowercased()
        guard name.hasSuffix(".pem") || name.hasSuffix(".der") || name.hasSuffix(".cer") || name.hasSuffix(".crt") else {
            skipped += 1
            continue
        }
        let set = String(file.split(separator: "/")[1])
        let relative = String(file.dropFirst("certs/".count))
        switch CertificateFile.certificates(in: try Vectors.bytes(file)) {
        case .success(let certificates):
            parsedFiles += 1
            parsedCertificates += certificates.count
            bySet[set, default: (0, 0)].parsed += 1
            if malformed.contains(where: { listed(relative, $0) }) { Issue.record("\(relative) is listed as malformed but parsed") }
        case .failure(.noCertificate) where name.hasSuffix(".pem"):
            skipped += 1
        case .failure(let reason):
            // A .der/.cer/.crt file that is no certificate is a refused certificate.
            failedFiles += 1
            bySet[set, default: (0, 0)].failed += 1
            failures.append("\(relative): \(reason)")
        }
    }
    for line in failures { print("  refused \(line)") }
    for (set, counts) in bySet.sorted(by: { $0.key < $1.key }) {
        print("corpus \(set): \(counts.parsed) files parsed, \(counts.failed) refused with a typed error")
    }
    print("corpus total: \(parsedFiles) files (\(parsedCertificates) certificates) parsed, \(failedFiles) refused, \(skipped) other files (keys, CRLs, CSRs) not certificates")
    for entry in malformed where !entry.hasSuffix("/") && !entry.contains("*") {
        #expect(failures.contains { $0.hasPrefix(entry + ":") }, "\(entry) is malformed and must be refused")
    }
    #expect(parsedFiles > 1100)
}

/// Whether `file` is `entry`, or lies under `entry` when it names a folder.
func listed(_ file: String, _ entry: String) -> Bool {
    if entry.hasSuffix("/") { return file.hasPrefix(entry) }
    if entry.hasSuffix("*") { return file.hasPrefix(entry.dropLast()) }
    if let star = entry.firstIndex(of: "*") {
        return file.hasPrefix(entry[..<star]) && file.hasSuffix(entry[entry.index(after: star)...])
    }
    return file == entry
}
