// A fresh evaluation of an ECDSA chain (P-384 root → P-256 intermediate
// signed with SHA-384 → P-256 leaf signed with SHA-256, Fixtures/make-ec-chain.py),
// leaf and intermediate parsed from DER every time, root in the store:
// PureX509, swift-certificates and OpenSSL, same time and host.
import Benchmark
import COpenSSL
import Foundation
import PureX509
import X509

func ecdsaChainBenchmarks() {
    let chain = pemBlocks("eval-ec-chain.pem")
    let root = pemBlocks("eval-ec-root.pem")[0]
    let store = PureX509.TrustStore([try! PureX509.Certificate(derEncoded: root)])
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

    let swiftRoot = try! X509.Certificate(derEncoded: root)
    let validationTime = Date(timeIntervalSince1970: TimeInterval(evaluationTime))
    Benchmark("Evaluate ECDSA chain/swift-certificates") { benchmark in
        for _ in benchmark.scaledIterations {
            let leaf = try! X509.Certificate(derEncoded: chain[0])
            let intermediate = try! X509.Certificate(derEncoded: chain[1])
            var verifier = X509.Verifier(rootCertificates: CertificateStore([swiftRoot])) {
                RFC5280Policy(validationTime: validationTime)
                ServerIdentityPolicy(serverHostname: host, serverIP: nil)
            }
            let result = await verifier.validate(leafCertificate: leaf, intermediates: CertificateStore([intermediate]))
            if case .couldNotValidate(let failures) = result { fatalError("swift-certificates refused: \(failures)") }
            blackHole(result)
        }
    }

    let openSSLStore = X509_STORE_new()!
    X509_STORE_add_cert(openSSLStore, openSSLParse(root))
    let parsedLeaf = openSSLParse(chain[0]), parsedIntermediate = openSSLParse(chain[1])
    precondition(openSSLVerify(store: openSSLStore, leaf: parsedLeaf, intermediate: parsedIntermediate) == 1)
    Benchmark("Evaluate ECDSA chain/OpenSSL (fresh d2i)") { benchmark in
        for _ in benchmark.scaledIterations {
            let leaf = openSSLParse(chain[0]), intermediate = openSSLParse(chain[1])
            blackHole(openSSLVerify(store: openSSLStore, leaf: leaf, intermediate: intermediate))
            X509_free(leaf)
            X509_free(intermediate)
        }
    }
    Benchmark("Evaluate ECDSA chain/OpenSSL (pre-parsed)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(openSSLVerify(store: openSSLStore, leaf: parsedLeaf, intermediate: parsedIntermediate))
        }
    }
}
