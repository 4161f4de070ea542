import EC
import Testing
import TestSupport

/// Random bytes through both entry points: no input may trap, key decoding
/// must agree with Python's integers on which encodings are points, and no
/// random signature may verify; the size-first path (CompactEd25519.swift)
/// must decide every key and signature alike, error for error.
struct Ed25519RandomInputTests {
    /// 4,096 random 32-byte keys from seed 8032. Expected from python3 (y < p,
    /// Euler's criterion on (y² − 1)/(d·y² + 1)): 2,067 points, 2,029 not on
    /// the curve, and the FNV-1a hash of the per-key verdicts ('o' point,
    /// 'n' not on the curve, 'm' malformed) in order.
    @Test func keyDecodingAgreesWithPython() {
        var random = SplitMix64(state: 8032)
        var verdicts: [UInt8] = []
        var disagreements = 0
        for _ in 0..<4096 {
            let encoding = random.bytes(words: 4)
            let standard: ECError?, sizeFirst: ECError?
            do throws(ECError) { _ = try Ed25519PublicKey(rawRepresentation: encoding[...]); standard = nil } catch { standard = error }
            do throws(ECError) { _ = try CompactEd25519PublicKey(rawRepresentation: encoding[...]); sizeFirst = nil } catch { sizeFirst = error }
            if standard != sizeFirst { disagreements += 1 }
            do {
                _ = try Ed25519PublicKey(rawRepresentation: encoding[...])
                verdicts.append(UInt8(ascii: "o"))
            } catch {
                verdicts.append(error == .pointNotOnCurve ? UInt8(ascii: "n") : UInt8(ascii: "m"))
            }
        }
        let fnv = verdicts.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        let points = verdicts.filter { $0 == UInt8(ascii: "o") }.count
        let offCurve = verdicts.filter { $0 == UInt8(ascii: "n") }.count
        print("random Ed25519 keys: \(points) points, \(offCurve) not on the curve, \(4096 - points - offCurve) malformed")
        #expect(points == 2067 && offCurve == 2029)
        #expect(fnv == 0x0C11_99B4_FBE8_492E)
        #expect(disagreements == 0)
    }

    /// Random signatures of every length from 0 to 130 bytes, with S's top
    /// bits cleared on half of the 64-byte ones so the equation is reached:
    /// all refused, with the error the length and range decide.
    @Test func randomSignaturesAreRefused() throws {
        var random = SplitMix64(state: 25519)
        let key = try Ed25519PublicKey(rawRepresentation: hexBytes("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")[...])
        var mismatches = 0
        for round in 0..<512 {
            let length = round % 131
            var signature = Array(random.bytes(words: (length + 7) / 8).prefix(length))
            if length == 64, round % 2 == 0 { signature[63] &= 0x0F }
            let message = random.bytes(words: round % 5)
            #expect(Ed25519Decision.agree(key: hexBytes("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"), signature: signature, message: message), "round \(round)")
            do {
                try key.verify(signature: signature[...], message: message[...])
                Issue.record("round \(round): a random signature verified")
            } catch {
                switch error {
                case .malformedSignature: #expect(length != 64)
                case .signatureOutOfRange: #expect(length == 64)
                case .signatureMismatch: #expect(length == 64); mismatches += 1
                default: Issue.record("round \(round): unexpected \(error)")
                }
            }
        }
        #expect(mismatches > 0)
    }
}
