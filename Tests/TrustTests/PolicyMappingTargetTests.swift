import Foundation
import PKIX
import Testing
import Trust

// RFC 5280 §4.2.1.5 forbids mapping to or from anyPolicy
// in any certificate; §6.1.4(a) checks only intermediates, so a target (a CA
// verified as itself, or a leaf) that does it was trusted. Each shape is
// refused as the target and an ordinary mapping is not
// (Vectors/conformance-holes/generate.py).

private let folder = vectors.appendingPathComponent("conformance-holes")

@Test(arguments: ["any-to-policy", "policy-to-any", "ordinary"], ["ca", "leaf"])
func aTargetMappingAnyPolicyIsRefused(_ shape: String, _ role: String) throws {
    let target = try #require(try certificates(folder.appendingPathComponent("mapping-\(shape)-\(role).pem")).first)
    let root = try certificates(folder.appendingPathComponent("policy-root.pem"))
    var verifier = Verifier(store: TrustStore(root), policy: VerificationPolicy(time: 1_798_761_600, purpose: .any))
    let result = verifier.verify(leaf: target, intermediates: [])
    if shape == "ordinary" {
        #expect((try? result.get()) != nil, "\(result)")
    } else {
        guard case (0?, .policy(.mappingWithAnyPolicy))? = result.refusal else {
            Issue.record("\(shape) \(role): \(result)")
            return
        }
    }
}
