import Foundation
import PureX509

// `verify --evaluator NAME` and `--revocation-options LIST`: Alamofire's
// server-trust evaluators by name, as the Pinning module implements them.
// Each name is also accepted as Alamofire spells the type, so that a line of
// an app's `ServerTrustManager` reads across to the command line.

/// One of Alamofire's evaluators.
enum EvaluatorArgument: String, CaseIterable {
    case `default`
    case pinnedCertificates = "pinned-certificates"
    case publicKeys = "public-keys"
    case revocation
    case disabled

    /// The type's name in Alamofire and in the Pinning module.
    var typeName: String {
        switch self {
        case .default: return "DefaultTrustEvaluator"
        case .pinnedCertificates: return "PinnedCertificatesTrustEvaluator"
        case .publicKeys: return "PublicKeysTrustEvaluator"
        case .revocation: return "RevocationTrustEvaluator"
        case .disabled: return "DisabledTrustEvaluator"
        }
    }

    static let names = allCases.map(\.rawValue).joined(separator: ", ")

    @Sendable static func parse(_ text: String) -> OptionValue<EvaluatorArgument> {
        let folded = text.lowercased()
        if let named = allCases.first(where: { $0.rawValue == folded || $0.typeName.lowercased() == folded }) { return .parsed(named) }
        if folded == "compositetrustevaluator" || folded == "composite" {
            return .refused(reason: "give --evaluator once for each member, in order: two or more make a CompositeTrustEvaluator")
        }
        return .refused(reason: "\(names) (or Alamofire's type names, such as PublicKeysTrustEvaluator)")
    }
}

/// `--revocation-options`: `RevocationTrustEvaluator.Options`, comma-separated.
enum RevocationOptionsArgument {
    static let words: [(word: String, option: RevocationTrustEvaluator.Options)] = [
        ("ocsp", .ocsp), ("crl", .crl), ("prefer-crl", .preferCRL),
        ("require-positive-response", .requirePositiveResponse), ("network-access-disabled", .networkAccessDisabled),
        ("any", .any),
    ]

    @Sendable static func parse(_ text: String) -> OptionValue<RevocationTrustEvaluator.Options> {
        var options: RevocationTrustEvaluator.Options = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let known = words.first(where: { $0.word == word }) else {
                return .refused(reason: "a comma-separated list of \(words.map(\.word).joined(separator: ", "))")
            }
            options.insert(known.option)
        }
        // Apple's flags name no method when only preferCRL or the like is
        // given; Alamofire's default (.any) is what then consults a source.
        if !options.contains(.ocsp) && !options.contains(.crl) {
            return .refused(reason: "name a method: ocsp, crl or any (the others only qualify them)")
        }
        return .parsed(options)
    }
}
