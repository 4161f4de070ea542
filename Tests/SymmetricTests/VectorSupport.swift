import Foundation
import Symmetric
import TestSupport

let symmetricVectors = Vectors.url("symmetric")

func vectorText(_ path: String) throws -> String {
    try String(contentsOf: symmetricVectors.appendingPathComponent(path), encoding: .utf8)
}

/// One record of a CAVP .rsp file, with the section ([ENCRYPT] or [DECRYPT]) it sits in.
struct RSPRecord {
    var section: String
    var fields: [String: String]
}

/// The `KEY = value` records of a CAVP .rsp file, in order.
func rspRecords(_ path: String) throws -> [RSPRecord] {
    var records: [RSPRecord] = []
    var section = ""
    var current: [String: String] = [:]
    func flush() {
        if !current.isEmpty { records.append(RSPRecord(section: section, fields: current)); current = [:] }
    }
    for raw in try vectorText(path).split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty { flush(); continue }
        if line.hasPrefix("[") { flush(); section = String(line.dropFirst().dropLast()); continue }
        guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
        // TDES KAT files start a new record at COUNT without a blank line.
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        if key == "COUNT" { flush() }
        current[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    }
    flush()
    return records
}

func digestFunction(_ name: String) -> DigestFunction {
    switch name.lowercased() {
    case "sha1": return .sha1
    case "sha224": return .sha224
    case "sha256": return .sha256
    case "sha384": return .sha384
    default: return .sha512
    }
}
