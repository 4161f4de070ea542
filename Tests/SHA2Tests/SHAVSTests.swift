import Foundation
import SHA2
import Testing
import TestSupport

let vectorRoot = Vectors.url("nist-sha")

/// `KEY = value` records of an .rsp file, in order.
func rspRecords(_ file: String) throws -> [[String: Substring]] {
    let text = try String(contentsOf: vectorRoot.appendingPathComponent(file), encoding: .utf8)
    var records: [[String: Substring]] = []
    var current: [String: Substring] = [:]
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty {
            if !current.isEmpty { records.append(current); current = [:] }
            continue
        }
        guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { continue }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        current[key] = Substring(line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces))
    }
    if !current.isEmpty { records.append(current) }
    return records
}

struct SHAVSFile: CustomTestStringConvertible, Sendable {
    let algorithm: Int
    let kind: String
    var file: String { "SHA\(algorithm)\(kind).rsp" }
    var testDescription: String { file }
}

func digest(_ algorithm: Int, _ message: [UInt8]) -> Digest {
    switch algorithm {
    case 224: return SHA224.hash(message)
    case 256: return SHA256.hash(message)
    case 384: return SHA384.hash(message)
    default: return SHA512.hash(message)
    }
}

@Test(arguments: [224, 256, 384, 512].flatMap { a in ["ShortMsg", "LongMsg"].map { SHAVSFile(algorithm: a, kind: $0) } })
func shavsMessages(_ vectors: SHAVSFile) throws {
    var passed = 0
    let records = try rspRecords(vectors.file).filter { $0["Len"] != nil }
    for record in records {
        let length = Int(record["Len"]!)! / 8
        let message = Array(hexBytes(record["Msg"]!).prefix(length))
        let expected = hexBytes(record["MD"]!)
        let actual = digest(vectors.algorithm, message)
        #expect(Array(actual) == expected, "Len \(length * 8)")
        // Streaming in uneven pieces must give the same digest.
        var streamed: [UInt8]
        switch vectors.algorithm {
        case 224: var h = SHA224(); feedUnevenly(message, into: &h); streamed = Array(h.finalize())
        case 256: var h = SHA256(); feedUnevenly(message, into: &h); streamed = Array(h.finalize())
        case 384: var h = SHA384(); feedUnevenly(message, into: &h); streamed = Array(h.finalize())
        default: var h = SHA512(); feedUnevenly(message, into: &h); streamed = Array(h.finalize())
        }
        #expect(streamed == expected, "streamed, Len \(length * 8)")
        if Array(actual) == expected && streamed == expected { passed += 1 }
    }
    print("\(vectors.file): \(passed)/\(records.count) passed")
    #expect(records.count > 60)
    #expect(passed == records.count)
}

func feedUnevenly<H: HashFunction>(_ message: [UInt8], into hash: inout H) {
    var offset = 0, step = 1
    while offset < message.count {
        let end = min(message.count, offset + step)
        hash.update(message[offset..<end])
        offset = end
        step = step % 131 + 7
    }
}

/// SHAVS §6.4 Monte Carlo: 100 checkpoints, each 1,000 chained hashes of the last three digests.
@Test(arguments: [224, 256, 384, 512])
func shavsMonteCarlo(_ algorithm: Int) throws {
    let records = try rspRecords("SHA\(algorithm)Monte.rsp")
    var seed = hexBytes(try #require(records.first?["Seed"]))
    var passed = 0
    let checkpoints = records.filter { $0["MD"] != nil }
    for record in checkpoints {
        var md = [seed, seed, seed]
        for _ in 3..<1003 {
            let next = Array(digest(algorithm, md[0] + md[1] + md[2]))
            md = [md[1], md[2], next]
        }
        seed = md[2]
        if seed == hexBytes(record["MD"]!) { passed += 1 } else { Issue.record("checkpoint \(record["COUNT"]!)") }
    }
    print("SHA\(algorithm)Monte.rsp: \(passed)/\(checkpoints.count) checkpoints passed")
    #expect(checkpoints.count == 100)
}

@Test func digestComparisonAndText() {
    let abc = SHA256.hash(Array("abc".utf8))
    #expect(abc.description == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(abc == SHA256.hash(Array("abc".utf8)))
    #expect(abc != SHA256.hash(Array("abd".utf8)))
    #expect(abc != SHA384.hash(Array("abc".utf8)))
    #expect(abc.matches(Array(abc)))
    #expect(!abc.matches(Array(abc.dropLast())))
    #expect(SHA384.hash([]).count == 48)
    #expect(SHA384.hash([]).description.hasPrefix("38b060a751ac9638"))
    #expect(SHA224.hash([]).count == 28)
    // The stack copy HMAC feeds back must hold the digest's bytes in order.
    #expect(abc.withUnsafeBytes { Array($0) } == Array(abc))
    let short = SHA224.hash(Array("abc".utf8))
    #expect(short.withUnsafeBytes { Array($0) } == Array(short))
}

/// SHA-1 against Python's hashlib on messages of every length 0–300 (made by
/// Vectors/sha1/generate.py; NIST's SHA-1 files are not in the shared set).
@Test func insecureSHA1MatchesHashlib() throws {
    let text = try String(contentsOf: vectorRoot.deletingLastPathComponent().appendingPathComponent("sha1/hashlib.txt"), encoding: .utf8)
    var passed = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let parts = line.split(separator: " ")
        let length = Int(parts[0])!
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        if InsecureSHA1.hash(message).description == parts[1] { passed += 1 } else { Issue.record("length \(length)") }
    }
    print("InsecureSHA1: \(passed) digests identical to hashlib")
    #expect(passed == 301)
}

/// The slice initialiser (eight bytes at a time) and `precedes` agree with
/// the generic initialiser and byte order, for every length up to 64.
@Test func digestFromSliceAndOrder() {
    var random = SplitMix64(state: 0x5C7)
    var previous: (digest: Digest, bytes: [UInt8])? = nil
    for length in 0...64 {
        let bytes = Array(random.bytes(words: 9).prefix(length))
        let padded = [0xAA] + bytes + [0xBB]
        let slice = padded[1..<(1 + length)]
        let fromSlice = Digest(bytes: slice), generic = Digest(bytes: Array(slice) as [UInt8])
        #expect(fromSlice == generic && fromSlice.map(Array.init) == bytes, "length \(length)")
        if let digest = fromSlice, let (other, otherBytes) = previous {
            #expect(digest.precedes(other) == bytes.lexicographicallyPrecedes(otherBytes), "length \(length)")
            #expect(other.precedes(digest) == otherBytes.lexicographicallyPrecedes(bytes), "length \(length)")
        }
        if let digest = fromSlice { previous = (digest, bytes) }
    }
    #expect(Digest(bytes: [UInt8](repeating: 0, count: 65)[...]) == nil)
}
