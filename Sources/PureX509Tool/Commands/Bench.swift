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

        func validate() throws {
            try BenchLimits.checkSeconds(seconds)
            if let passes, !BenchLimits.passes.contains(passes) {
                throw ValidationError("--passes: \(passes) is outside \(BenchLimits.passes.lowerBound)–\(BenchLimits.passes.upperBound)")
            }
        }

        func run() throws {
            let input = try CertificateInput.load(file)
            let ders: [[UInt8]] = input.entries.compactMap { try? $0.result.get().der }
            guard !ders.isEmpty else {
                printError("purex509: no certificate in \(DisplayText.escaped(file)) parsed")
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
            // One pass can finish inside the clock's resolution; a zero
            // elapsed time would make the rate infinite and Int(rate) trap.
            let elapsed = max(Double(now - start) / 1e9, 1e-9)
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

        func validate() throws {
            try BenchLimits.checkSeconds(seconds)
            guard BenchLimits.size.contains(size) else {
                throw ValidationError("--size: \(size) is outside \(BenchLimits.size.lowerBound)–\(BenchLimits.size.upperBound) bytes")
            }
        }

        func run() throws {
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
            let rate = Double(total) / max(Double(now - start) / 1e9, 1e-9)
            print("SHA-256 over \(size) B: \(String(format: "%.1f", rate / 1e6)) MB/s (checksum \(checksum))")
        }
    }
}

/// Bounds on `bench` flags, checked before any work so that a typo cannot
/// trap (a negative duration converted to UInt64), divide by zero, or ask
/// for a buffer the machine cannot allocate. Exit 2 outside them.
enum BenchLimits {
    /// A run of more than an hour is a mistake, not a measurement.
    static let seconds: ClosedRange<Double> = 0.001...3600
    static let passes: ClosedRange<Int> = 1...1_000_000
    /// 64 MiB: far past the point where SHA-256 throughput stops changing.
    static let size: ClosedRange<Int> = 1...(64 << 20)

    static func checkSeconds(_ value: Double) throws {
        guard value.isFinite, seconds.contains(value) else {
            throw ValidationError("--seconds: \(value) is outside \(seconds.lowerBound)–\(Int(seconds.upperBound))")
        }
    }
}
