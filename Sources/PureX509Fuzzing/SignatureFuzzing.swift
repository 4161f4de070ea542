import PureX509

// A fuzzed signature over a fixed message with a fixed key: for each key
// profile of the generated chains, the intermediate's key and the leaf's
// TBSCertificate, whose real signature (the leaf's) is the seed. The first
// input byte picks the key, the second the AlgorithmIdentifier (the leaf's
// own or another scheme, to reach the scheme/key checks); the rest is the
// signature. Each signature is checked with the key as parsed and with its
// precomputed form (a trust anchor's, `withPrecomputation()`), which must
// decide alike.
enum SignatureFuzzing {
    struct Case {
        let key: VerificationKey
        let precomputed: VerificationKey
        let message: ArraySlice<UInt8>
        let algorithm: ArraySlice<UInt8>
    }

    static let profiles = ["valid", "valid.p256", "valid.p384", "valid.p521", "valid.ed25519"]

    static let cases: [Case] = profiles.map { profile in
        guard let text = FuzzVectors.bytes("chains/\(profile)/chain.pem"), let blocks = try? PEM.certificates(in: text),
              blocks.count >= 2, let leaf = try? Certificate(derEncoded: blocks[0].der),
              let issuer = try? Certificate(derEncoded: blocks[1].der), case .success(let key) = VerificationKey.prepare(issuer)
        else { FuzzInvariant.fail("cannot load the fixed signature case Vectors/chains/\(profile)") }
        return Case(key: key, precomputed: key.withPrecomputation(), message: leaf.signedData.message,
                    algorithm: leaf.signatureAlgorithm.encoded)
    }

    /// Every AlgorithmIdentifier the cases carry, so any key meets any scheme.
    static let algorithms: [ArraySlice<UInt8>] = cases.map(\.algorithm)

    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let chosen = cases[Int(bytes[0]) % cases.count]
        let algorithm = bytes[1] == 0 ? chosen.algorithm : algorithms[Int(bytes[1]) % algorithms.count]
        let signature = bytes[2...]
        let policy = KeyPolicy()
        let first = checkSignature(algorithm: algorithm, key: chosen.key, policy: policy, allowSHA1: false,
                                   signature: signature, message: chosen.message)
        let again = checkSignature(algorithm: algorithm, key: chosen.precomputed, policy: policy, allowSHA1: false,
                                   signature: signature, message: chosen.message)
        guard first == again else {
            FuzzInvariant.fail("the plain and the precomputed key decide differently: \(String(describing: first)) / \(String(describing: again))")
        }
        // A signature that verifies must still fail over another message.
        if first == nil, let last = chosen.message.last {
            var altered = Array(chosen.message)
            altered[altered.count - 1] = last ^ 1
            let forged = checkSignature(algorithm: algorithm, key: chosen.key, policy: policy, allowSHA1: false,
                                        signature: signature, message: altered[...])
            guard forged != nil else { FuzzInvariant.fail("a signature verified over two different messages") }
        }
    }
}
