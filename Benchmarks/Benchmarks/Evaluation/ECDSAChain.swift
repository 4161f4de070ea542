// A fresh evaluation of an ECDSA chain (P-384 root → P-256 intermediate
// signed with SHA-384 → P-256 leaf signed with SHA-256, Fixtures/make-ec-chain.py),
// leaf and intermediate parsed from DER every time, root in the store:
// PureX509, swift-certificates and OpenSSL, same time and host.
import Benchmark
import COpenSSL
import Foundation
import PureX509
import PureX509Primitives
import X509

func ecdsaChainBenchmarks() {
    let chain = pemBlocks("eval-ec-chain.pem")
    let root = pemBlocks("eval-ec-root.pem")[0]
    // The store as a long-lived verifier keeps it (its anchor's key
    // precomputed once, TrustStore.precomputeKeys()), and as a one-shot
    // verification builds it (plain key): both are reported.
    let plainStore = PureX509.TrustStore([try! PureX509.Certificate(derEncoded: root)])
    var store = plainStore
    store.precomputeKeys()
    var policy = VerificationPolicy(time: evaluationTime)
    policy.identity = ServerIdentity(host: host)

    func pureEvaluate(_ verifier: inout PureX509.Verifier) -> Bool {
        guard let leaf = try? PureX509.Certificate(derEncoded: chain[0]),
              let intermediate = try? PureX509.Certificate(derEncoded: chain[1]) else { return false }
        if case .success = verifier.verify(leaf: leaf, intermediates: [intermediate]) { return true }
        return false
    }
    var check = PureX509.Verifier(store: store, policy: policy, cache: SignatureCache(capacity: 0))
    precondition(pureEvaluate(&check), "PureX509 refuses the ECDSA benchmark chain")
    Benchmark("Evaluate ECDSA chain/PureX509 (fresh)") { benchmark in
        for _ in benchmark.scaledIterations {
            var verifier = PureX509.Verifier(store: store, policy: policy, cache: SignatureCache(capacity: 0))
            blackHole(pureEvaluate(&verifier))
        }
    }

    Benchmark("Evaluate ECDSA chain/PureX509 (fresh, plain store)") { benchmark in
        for _ in benchmark.scaledIterations {
            var verifier = PureX509.Verifier(store: plainStore, policy: policy, cache: SignatureCache(capacity: 0))
            blackHole(pureEvaluate(&verifier))
        }
    }

    peerBenchmarks(operation: "Evaluate ECDSA chain", chain: chain, root: root)
}
