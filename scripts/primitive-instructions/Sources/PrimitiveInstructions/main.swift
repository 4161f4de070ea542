// Usage: PrimitiveInstructions FIXTURES OPERATION N [timed]. Runs OPERATION
// N times on the Benchmarks package's fixtures (the keys and signatures its
// Signatures suite times) and exits 1 if any run gives the wrong result, so
// that a count is never taken of a path that failed early. With `timed` it
// first runs N/10 times to warm up, then prints operations per second of
// the N runs by the monotonic clock (scripts/portable-peers.sh sets it
// beside a C program that does the same through OpenSSL and GMP).
// Operations: rsa2048, rsa3072, rsa4096 (PKCS#1 v1.5 verify with SHA-256),
// power2048 (s^e mod n alone), p256, p384, p521 (ECDSA verify), ed25519,
// sha256-16k, sha512-16k (one 16 KiB message).
import Foundation
import PureX509
import PureX509Primitives

let arguments = CommandLine.arguments
guard arguments.count == 4 || (arguments.count == 5 && arguments[4] == "timed"), let runs = Int(arguments[3]), runs > 0 else {
    FileHandle.standardError.write(Data("usage: PrimitiveInstructions FIXTURES OPERATION N [timed]\n".utf8))
    exit(2)
}
let timed = arguments.count == 5
let fixtures = URL(fileURLWithPath: arguments[1])
func fixture(_ name: String) -> [UInt8] {
    guard let data = try? Data(contentsOf: fixtures.appendingPathComponent(name)) else {
        FileHandle.standardError.write(Data("cannot read \(name)\n".utf8))
        exit(2)
    }
    return [UInt8](data)
}
let message = fixture("message.bin")

func key(_ name: String) -> VerificationKey {
    guard case .success(let key) = VerificationKey.prepare(subjectPublicKeyInfo: fixture(name)) else { exit(2) }
    return key
}

/// One run of the operation; false when it gave the wrong result.
let operation: () -> Bool
switch arguments[2] {
case "rsa2048", "rsa3072", "rsa4096", "power2048":
    let bits = arguments[2] == "power2048" ? "2048" : String(arguments[2].dropFirst(3))
    guard case .rsa(let rsa) = key("rsa\(bits).spki.der") else { exit(2) }
    let signature = fixture("rsa\(bits).sig")
    let digest = SHA256.hash(message)
    if arguments[2] == "power2048" {
        let context = try MontgomeryContext(modulus: rsa.modulus)
        let s = BigUInt(bigEndian: signature)
        operation = { (try? context.power(s, rsa.exponent)) != nil }
    } else {
        operation = { (try? rsa.verifyPKCS1v15(signature: signature, digest: digest, hash: .sha256)) != nil }
    }
case "p256", "p384", "p521":
    guard case .ecdsa(let ec) = key("\(arguments[2]).spki.der") else { exit(2) }
    let signature = fixture("\(arguments[2]).sig")
    let hash: HashAlgorithm = arguments[2] == "p256" ? .sha256 : arguments[2] == "p384" ? .sha384 : .sha512
    let digest = hash.hash(message)
    operation = { (try? ec.verify(signature: signature[...], digest: digest)) != nil }
case "ed25519":
    guard case .ed25519(let ed) = key("ed25519.spki.der") else { exit(2) }
    let signature = fixture("ed25519.sig")
    operation = { (try? ed.verify(signature: signature[...], message: message[...])) != nil }
case "sha256-16k", "sha512-16k":
    let buffer = [UInt8](repeating: 0xA5, count: 16384)
    let algorithm: HashAlgorithm = arguments[2] == "sha256-16k" ? .sha256 : .sha512
    // A digest taken before counting: a run that hashes wrongly fails.
    let expected = algorithm.hash(buffer)
    operation = { algorithm.hash(buffer) == expected }
default:
    FileHandle.standardError.write(Data("unknown operation \(arguments[2])\n".utf8))
    exit(2)
}
var failures = 0
if timed {
    for _ in 0...(runs / 10) where !operation() { failures += 1 }
}
let clock = ContinuousClock()
let start = clock.now
for _ in 0..<runs where !operation() { failures += 1 }
let elapsed = clock.now - start
if failures > 0 { exit(1) }
if timed {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(Int((Double(runs) / seconds).rounded()))
}
exit(0)
