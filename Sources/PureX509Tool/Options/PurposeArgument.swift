import ArgumentParser
import PureX509

/// `--purpose`: the extended key usage the leaf must allow, as `verify`,
/// `connect`, `scan`, `policy check` and `identity` take it. Parsed once,
/// here; each command only chooses its default.
enum PurposeArgument: String, CaseIterable, ExpressibleByArgument, CustomStringConvertible {
    case server, client, any

    /// The policy's purpose: id-kp-serverAuth, id-kp-clientAuth, or any (RFC 5280 §4.2.1.12).
    var purpose: VerificationPolicy.Purpose {
        switch self {
        case .server: return .serverAuth
        case .client: return .clientAuth
        case .any: return .any
        }
    }

    /// The spelling on the command line, which `--help` shows as the default.
    var description: String { rawValue }

    /// The option's parser: `init(argument:)`, and for any other word the
    /// values in the tool's own words. ArgumentParser reports a failed
    /// `init?(argument:)` with its own list, so the options parse through
    /// this instead and the refusal keeps naming the values as it always did
    /// (`The value 'email' is invalid for '--purpose <purpose>': server, client or any`, exit 2).
    /// An option parsed through a transform does not print its default in
    /// `--help`, so each option's help text states it, as it read before.
    @Sendable static func parse(_ text: String) throws -> PurposeArgument {
        guard let purpose = PurposeArgument(argument: text) else { throw ValidationError("server, client or any") }
        return purpose
    }
}
