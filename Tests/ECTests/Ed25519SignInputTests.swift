import EC
import Foundation
import Testing
import TestSupport

/// The SUPERCOP / ed25519 `sign.input` file (Vectors/ed25519/): 1,024 lines of
/// `sk‖pk : pk : msg : sig‖msg` in hex, messages of 0–1,023 bytes. Every
/// signature must verify; each with one bit flipped must not (the bit walks
/// across all 512 positions, so R, S's low bytes and S's top bits, where a
/// flip makes S ≥ L, are all hit); and for every eighth non-empty message,
/// one flipped message bit must be refused. Each of these also goes through
/// the size-first path, which must decide it alike, error for error.
@Test func signInputEd25519() throws {
    let url = Vectors.root.appendingPathComponent("ed25519/sign.input")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 1024)
    var verified = 0, flippedSignatureRefused = 0, flippedMessageRefused = 0, outOfRange = 0, compared = 0
    for (index, line) in lines.enumerated() {
        let fields = line.split(separator: ":", omittingEmptySubsequences: false)
        try #require(fields.count == 5, "line \(index + 1)")
        let secretAndPublic = try #require(decodeHex(fields[0]))
        let publicKey = try #require(decodeHex(fields[1]))
        let message = try #require(decodeHex(fields[2]))
        let signedMessage = try #require(decodeHex(fields[3]))
        try #require(secretAndPublic.count == 64 && Array(secretAndPublic[32...]) == publicKey)
        try #require(signedMessage.count == 64 + message.count && Array(signedMessage[64...]) == message)
        let signature = Array(signedMessage[..<64])

        let key = try Ed25519PublicKey(rawRepresentation: publicKey[...])
        #expect(Ed25519Decision.agree(key: publicKey, signature: signature, message: message), "line \(index + 1)")
        compared += 1
        do {
            try key.verify(signature: signature[...], message: message[...])
            verified += 1
        } catch {
            Issue.record("line \(index + 1): valid signature refused (\(error))")
        }

        var flipped = signature
        let bit = (index * 37) % 512  // 37 is odd: every bit position is visited
        flipped[bit / 8] ^= 1 << UInt8(bit % 8)
        #expect(Ed25519Decision.agree(key: publicKey, signature: flipped, message: message), "line \(index + 1), bit \(bit)")
        compared += 1
        do {
            try key.verify(signature: flipped[...], message: message[...])
            Issue.record("line \(index + 1): signature with bit \(bit) flipped accepted")
        } catch {
            flippedSignatureRefused += 1
            if error == .signatureOutOfRange { outOfRange += 1 }
        }

        if index % 8 == 0, !message.isEmpty {
            var changed = message
            let messageBit = index % (8 * message.count)
            changed[messageBit / 8] ^= 1 << UInt8(messageBit % 8)
            #expect(Ed25519Decision.agree(key: publicKey, signature: signature, message: changed), "line \(index + 1), message bit \(messageBit)")
            compared += 1
            do {
                try key.verify(signature: signature[...], message: changed[...])
                Issue.record("line \(index + 1): message with bit \(messageBit) flipped accepted")
            } catch {
                #expect(error == .signatureMismatch)
                flippedMessageRefused += 1
            }
        }
    }
    print("sign.input Ed25519: \(verified)/\(lines.count) verified, \(flippedSignatureRefused) one-bit signature changes refused (\(outOfRange) as S ≥ L), \(flippedMessageRefused) one-bit message changes refused")
    print("sign.input Ed25519: \(compared) decisions compared with the size-first path")
    #expect(verified == 1024)
    #expect(flippedSignatureRefused == 1024)
    #expect(flippedMessageRefused == 127)
}
