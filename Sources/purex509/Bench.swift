import ArgumentParser
import Foundation
import PureX509

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure PureX509 throughput.",
        subcommands: [Parse.self, Hash.self]
    )

    struct Parse: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Parse every certificate of FILE repeatedly; print certificates per second.")

        @Option(help: "How long to run, in seconds.")
        var seconds: Double = 2

        @Option(help: "Run exactly this many passes over the file instead of timing (for allocation counts).")
        var passes: Int?

        @Argument(help: "A PEM or DER file (the system bundle, say).")
        var file: String

        func run() throws {
            let input = try CertificateInput.load(file)
            let ders: [[UInt8]] = input.entries.compactMap { try? $0.result.get().der }
            guard !ders.isEmpty else {
                printError("purex509: no certificate in \(file) parsed")
                throw ToolExit.refused
            }
            var parsed = 0
            var checksum = 0
            let start = DispatchTime.now().uptimeNanoseconds
            let deadline = start + UInt64(seconds * 1e9)
            var now = start
            var pass = 0
            while passes.map({ pass < $0 }) ?? (now < deadline) {
                pass += 1
                for der in ders {
                    if let certificate = try? Certificate(derEncoded: der) { checksum &+= certificate.notAfter.hashValue }
                    parsed += 1
                }
                now = DispatchTime.now().uptimeNanoseconds
            }
            let elapsed = Double(now - start) / 1e9
            let rate = Double(parsed) / elapsed
            print("parsed \(parsed) certificates (\(ders.count) distinct) in \(String(format: "%.2f", elapsed)) s")
            print("\(Int(rate)) certificates/s, \(String(format: "%.2f", 1e6 / rate)) µs each (checksum \(checksum & 0xFF))")
        }
    }
}

extension Bench {
    struct Hash: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sha256", abstract: "Hash a buffer of SIZE bytes repeatedly with SHA-256; print bytes per second.")

        @Option(help: "Buffer size in bytes.")
        var size: Int = 16384

        @Option(help: "How long to run, in seconds.")
        var seconds: Double = 2

        func run() throws {
            guard size > 0 else { throw ValidationError("size must be positive") }
            let buffer = [UInt8](repeating: 0xA5, count: size)
            var total = 0
            var checksum: UInt8 = 0
            let start = DispatchTime.now().uptimeNanoseconds
            let deadline = start + UInt64(seconds * 1e9)
            var now = start
            while now < deadline {
                for _ in 0..<16 {
                    checksum ^= SHA256.hash(buffer)[0]
                    total += size
                }
                now = DispatchTime.now().uptimeNanoseconds
            }
            let rate = Double(total) / (Double(now - start) / 1e9)
            print("SHA-256 over \(size) B: \(String(format: "%.1f", rate / 1e6)) MB/s (checksum \(checksum))")
        }
    }
}
