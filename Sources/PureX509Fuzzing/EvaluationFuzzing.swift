import PureX509

// A fuzzed chain against a fixed store: the roots of the generated chains
// in every key profile (Vectors/chains/valid*) and Amazon Root CA 4, at
// 2025-06-01T00:00:00Z, for www.example.com. Seeds are the matching
// chains (FuzzTesting/run.sh), so mutations start from chains that verify
// and reach signature checks, name chaining and the identity check.
enum EvaluationFuzzing {
    static let time: Int64 = 1_748_736_000
    static let host = "www.example.com"
    /// More certificates than any budget lets a path use; the rest is ignored.
    static let maximumCertificates = 16

    static let store: TrustStore = {
        let files = ["chains/valid", "chains/valid.p256", "chains/valid.p384", "chains/valid.p521", "chains/valid.ed25519",
                     "chains/valid.p384-p256-p256", "chains/valid.rsa-p256-ed25519"].map { $0 + "/roots.pem" }
            + ["samples/amazon-root-ca4.pem"]
        var roots: [Certificate] = []
        for file in files {
            guard let text = FuzzVectors.bytes(file), let blocks = try? PEM.certificates(in: text) else {
                FuzzInvariant.fail("cannot read the fixed trust store file Vectors/\(file)")
            }
            for block in blocks {
                guard let root = try? Certificate(derEncoded: block.der) else { FuzzInvariant.fail("Vectors/\(file) does not parse") }
                roots.append(root)
            }
        }
        return TrustStore(roots)
    }()

    static var policy: VerificationPolicy {
        var policy = VerificationPolicy(time: time)
        policy.identity = ServerIdentity(host: host)
        return policy
    }

    /// The top-level DER elements of `bytes`, each taken as one certificate.
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        DEROutline.topLevelElements(bytes, limit: maximumCertificates).map { Array(bytes[$0]) }
    }

    static func run(_ bytes: [UInt8]) {
        let ders = split(bytes)
        guard !ders.isEmpty else { return }
        var warm = Verifier(store: store, policy: policy)
        let first = warm.verify(presented: ders)
        // The signature cache now holds this chain's edges: a second
        // evaluation must decide exactly as the first and as a fresh verifier.
        let again = warm.verify(presented: ders)
        var fresh = Verifier(store: store, policy: policy)
        let cold = fresh.verify(presented: ders)
        guard same(first, again), same(first, cold) else {
            FuzzInvariant.fail("verdict depends on the signature cache: \(describe(first)) / \(describe(again)) / \(describe(cold))")
        }
        if let certificates = try? ders.map({ try Certificate(derEncoded: $0) }) {
            // The trace records the decision; it must not change it.
            var explaining = Verifier(store: store, policy: policy)
            let explained = explaining.explain(leaf: certificates[0], intermediates: Array(certificates.dropFirst()))
            guard same(first, explained.result) else {
                FuzzInvariant.fail("explain decides \(describe(explained.result)), verify \(describe(first))")
            }
            // The chromium profile only loosens: what strict trusts, it
            // trusts, unless a budget ran out on a subtree strict had cut.
            var loose = policy
            loose.profile = .chromium
            var chromium = Verifier(store: store, policy: loose)
            let lenient = chromium.verify(leaf: certificates[0], intermediates: Array(certificates.dropFirst()))
            if case .success = first, case .failure(let failure) = lenient {
                if case .budgetExceeded = failure.reason {} else {
                    FuzzInvariant.fail("strict trusts a chain the chromium profile refuses: \(failure.code)")
                }
            }
        }
        guard case .success(let chain) = first else { return }
        guard chain.leaf.der == ders[0] else { FuzzInvariant.fail("the verified chain does not start with the presented leaf") }
        guard store.anchors.contains(where: { $0.der == chain.anchor.der }) else {
            FuzzInvariant.fail("the verified chain ends in a certificate that is not an anchor")
        }
        guard chain.certificates.count <= policy.budgets.maximumIntermediates + 2 else {
            FuzzInvariant.fail("a path of \(chain.certificates.count) certificates exceeds the path-length budget")
        }
        guard ServerIdentity(host: host)?.isPresented(by: chain.leaf) == true else {
            FuzzInvariant.fail("a chain was trusted for \(host) with a leaf that does not name it")
        }
    }

    static func same(_ a: Result<VerifiedChain, TrustFailure>, _ b: Result<VerifiedChain, TrustFailure>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x.certificates.map(\.der) == y.certificates.map(\.der)
        case (.failure(let x), .failure(let y)): return x == y
        default: return false
        }
    }

    static func describe(_ result: Result<VerifiedChain, TrustFailure>) -> String {
        switch result {
        case .success(let chain): return "trusted (\(chain.certificates.count) certificates)"
        case .failure(let failure): return failure.code
        }
    }
}
