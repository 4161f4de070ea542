// A CRL of 100,000 entries (random 16-octet serials, as large CAs issue):
// PureX509's parse (which checks and indexes every entry) and lookup by
// serial beside OpenSSL's d2i_X509_CRL and X509_CRL_get0_by_serial. The CRL
// is built here, unsigned (neither side checks the signature to parse).
import Benchmark
import COpenSSL
import Foundation
import PureX509
import PureX509Primitives

/// DER for the benchmark's CRL: only what both parsers need.
enum CRLFixture {
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        var count = content.count
        if count < 0x80 {
            length = [UInt8(count)]
        } else {
            while count > 0 { length.insert(UInt8(count & 0xFF), at: 0); count >>= 8 }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }

    /// Positive, minimal 16-octet serials, deterministic.
    static func serials(_ count: Int) -> [[UInt8]] {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
        return (0..<count).map { _ in
            var bytes: [UInt8] = []
            for _ in 0..<2 { let word = next(); for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) } }
            bytes[0] = (bytes[0] & 0x7F) | 0x01
            return bytes
        }
    }

    static func crl(serials: [[UInt8]]) -> [UInt8] {
        let algorithm = tlv(0x30, tlv(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B]) + [0x05, 0x00])
        let issuer = tlv(0x30, tlv(0x31, tlv(0x30, tlv(0x06, [0x55, 0x04, 0x03]) + tlv(0x0C, Array("Benchmark CA".utf8)))))
        let time = tlv(0x17, Array("250101000000Z".utf8))
        let next = tlv(0x17, Array("300101000000Z".utf8))
        // reasonCode keyCompromise on every entry, as CAs commonly write it.
        let reason = tlv(0x30, tlv(0x30, tlv(0x06, [0x55, 0x1D, 0x15]) + tlv(0x04, [0x0A, 0x01, 0x01])))
        var entries: [UInt8] = []
        entries.reserveCapacity(serials.count * 48)
        for serial in serials { entries += tlv(0x30, tlv(0x02, serial) + time + reason) }
        let tbs = tlv(0x30, [0x02, 0x01, 0x01] + algorithm + issuer + time + next + tlv(0x30, entries))
        return tlv(0x30, tbs + algorithm + tlv(0x03, [0x00] + Array(repeating: 0xAB, count: 256)))
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3), maxIterations: 1_000)

    let serials = CRLFixture.serials(100_000)
    let der = CRLFixture.crl(serials: serials)
    let parsed = try! CertificateList(derEncoded: der)
    precondition(parsed.entryCount == 100_000)
    // 1,000 lookups: every other one a listed serial, the rest absent.
    let probes: [[UInt8]] = (0..<1_000).map { i in
        if i % 2 == 0 { return serials[(i * 97) % serials.count] }
        var absent = serials[(i * 89) % serials.count]
        absent[absent.count - 1] ^= 0x5A
        return absent
    }
    let openssl: OpaquePointer = der.withUnsafeBufferPointer { buffer in
        var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
        return d2i_X509_CRL(nil, &pointer, buffer.count)!
    }
    let opensslProbes: [UnsafeMutablePointer<ASN1_INTEGER>] = probes.map { serial in
        let integer = ASN1_INTEGER_new()!
        _ = serial.withUnsafeBufferPointer { ASN1_STRING_set(integer, $0.baseAddress, Int32($0.count)) }
        return integer
    }
    var found = 0
    for probe in probes where !parsed.entries(forSerialNumber: probe[...]).isEmpty { found += 1 }
    var opensslFound = 0
    for probe in opensslProbes {
        var entry: OpaquePointer? = nil
        if X509_CRL_get0_by_serial(openssl, &entry, probe) == 1 { opensslFound += 1 }
    }
    precondition(found == 500 && opensslFound == 500, "lookups disagree: \(found) / \(opensslFound)")

    Benchmark("CRL 100k parse/PureX509") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? CertificateList(derEncoded: der)) }
    }
    Benchmark("CRL 100k parse/OpenSSL") { benchmark in
        for _ in benchmark.scaledIterations {
            der.withUnsafeBufferPointer { buffer in
                var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
                X509_CRL_free(d2i_X509_CRL(nil, &pointer, buffer.count))
            }
        }
    }
    // Parse and the first lookup: OpenSSL sorts its entries on the first lookup.
    Benchmark("CRL 100k parse and first lookup/PureX509") { benchmark in
        for _ in benchmark.scaledIterations {
            let list = try? CertificateList(derEncoded: der)
            blackHole(list?.entries(forSerialNumber: probes[0][...]))
        }
    }
    Benchmark("CRL 100k parse and first lookup/OpenSSL") { benchmark in
        for _ in benchmark.scaledIterations {
            der.withUnsafeBufferPointer { buffer in
                var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
                let list = d2i_X509_CRL(nil, &pointer, buffer.count)
                var entry: OpaquePointer? = nil
                blackHole(X509_CRL_get0_by_serial(list, &entry, opensslProbes[0]))
                X509_CRL_free(list)
            }
        }
    }
    Benchmark("CRL 100k 1000 lookups/PureX509") { benchmark in
        for _ in benchmark.scaledIterations {
            for probe in probes { blackHole(parsed.entries(forSerialNumber: probe[...])) }
        }
    }
    Benchmark("CRL 100k 1000 lookups/OpenSSL") { benchmark in
        for _ in benchmark.scaledIterations {
            for probe in opensslProbes {
                var entry: OpaquePointer? = nil
                blackHole(X509_CRL_get0_by_serial(openssl, &entry, probe))
            }
        }
    }
}
