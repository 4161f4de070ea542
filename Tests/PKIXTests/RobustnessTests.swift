import DER
import Foundation
import PKIX
import Testing
import TestSupport

/// Seeds: BoringSSL's fuzzer corpora, the generated certificates and the
/// Chromium parse cases, as DER (PEM files contribute their blocks).
let robustnessSeeds: [[UInt8]] = {
    var seeds: [[UInt8]] = []
    for file in Vectors.files(under: "der-fuzz") + Vectors.files(under: "generated")
        + Vectors.files(under: "chromium-pki/parse_certificate_unittest") {
        guard let bytes = try? Vectors.bytes(file) else { continue }
        if PEM.looksLikePEM(bytes), let blocks = try? PEM.certificates(in: bytes), !blocks.isEmpty {
            seeds += blocks.map(\.der)
        } else {
            seeds.append(bytes)
        }
    }
    return seeds
}()

/// Runs every entry point a caller may hand untrusted bytes to, and the
/// lazy views of whatever parses. Returns whether the certificate parsed.
@discardableResult
func exercise(_ bytes: [UInt8]) -> Bool {
    _ = try? TBSCertificateLayout.check(bytes)
    guard let certificate = try? Certificate(derEncoded: bytes) else { return false }
    _ = certificate.subjectName.description
    _ = certificate.issuerName.description
    for name in certificate.subjectAlternativeNames {
        _ = name.directoryName?.distinguishedName
        _ = name.text
    }
    _ = certificate.extendedKeyUsages
    _ = certificate.policyIdentifiers
    _ = certificate.allExtensions
    _ = certificate.permittedSubtrees
    _ = certificate.excludedSubtrees
    return true
}

func mutate(_ seed: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var bytes = seed
    if bytes.isEmpty { return [UInt8.random(in: 0...255, using: &random)] }
    let rounds = Int.random(in: 1...3, using: &random)
    for _ in 0..<rounds where !bytes.isEmpty {
        let i = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: bytes[i] ^= 1 << UInt8.random(in: 0...7, using: &random)
        case 1: bytes.removeSubrange(i...)
        case 2:
            // Length-octet edits: the values that probe each length rule.
            let choices: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0xFF, bytes[i] &+ 1, bytes[i] &- 1]
            bytes[i] = choices[Int.random(in: 0..<choices.count, using: &random)]
        case 3: bytes.insert(UInt8.random(in: 0...255, using: &random), at: i)
        case 4: bytes.remove(at: i)
        default:
            let j = Int.random(in: i..<bytes.count, using: &random)
            bytes.replaceSubrange(i...j, with: bytes[i...j].reversed())
        }
    }
    return bytes
}

/// 100,000 inputs in the default run (about two seconds in a debug build);
/// PUREX509_ROBUSTNESS_ITERATIONS raises it for a long run.
@Test func randomAndMutatedInputsNeverTrap() {
    let iterations = Int(ProcessInfo.processInfo.environment["PUREX509_ROBUSTNESS_ITERATIONS"] ?? "") ?? 100_000
    #expect(robustnessSeeds.count > 900)
    var random = SplitMix64(state: 0x5075_7265_5835_3039)
    var parsed = 0
    let start = Date()
    for iteration in 0..<iterations {
        let input: [UInt8]
        if iteration % 10 == 0 {
            let length = Int.random(in: 0...512, using: &random)
            // Random bytes behind a plausible SEQUENCE header reach deeper than pure noise.
            var noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            if iteration % 20 == 0 && length > 4 { noise[0] = 0x30; noise[1] = 0x82 }
            input = noise
        } else {
            input = mutate(robustnessSeeds[Int.random(in: 0..<robustnessSeeds.count, using: &random)], &random)
        }
        if exercise(input) { parsed += 1 }
    }
    // Every seed must also pass through unharmed.
    for seed in robustnessSeeds { exercise(seed) }
    let elapsed = Date().timeIntervalSince(start)
    print("robustness: \(iterations) random and mutated inputs (\(parsed) still parsed) and \(robustnessSeeds.count) seeds in \(String(format: "%.1f", elapsed)) s, no trap")
}

@Test func pemMutationsNeverTrap() throws {
    let text = try Vectors.bytes("generated/leaf-all-extensions.pem") + Array("\nnoise\n".utf8)
        + (try Vectors.bytes("generated/root-name-constraints.pem"))
    var random = SplitMix64(state: 42)
    var decoded = 0
    for _ in 0..<20_000 {
        let mutated = mutate(text, &random)
        if let blocks = try? PEM.certificates(in: mutated) {
            decoded += 1
            for block in blocks { exercise(block.der) }
        }
    }
    print("robustness: 20000 mutated PEM texts, \(decoded) still decoded, no trap")
}
