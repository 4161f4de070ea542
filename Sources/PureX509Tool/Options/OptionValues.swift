import ArgumentParser
import PureX509
import PureX509Config

// Option values parsed into types once, when the command line is read;
// nothing compares an option's text after that.
//
// These options parse through a transform that never throws: a refused
// value is kept with its reason, and the command's `validate()` reports it
// as `--flag: reason`, the wording and exit code (2) these options have
// always had. A throwing transform would reword the refusal in
// ArgumentParser's own terms ("The value 'x' is invalid for '--at <at>'"),
// and scripts read these messages.

/// An option's value, or why its text was refused.
enum OptionValue<Value> {
    case parsed(Value)
    case refused(reason: String)

    var value: Value? {
        if case .parsed(let value) = self { return value }
        return nil
    }

    var refusal: String? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}

/// `--at`, as `verify`, `connect`, `scan`, `policy check` and `identity`
/// take it: seconds since 1970 within `TimeArgument.range`.
enum TimeOption {
    @Sendable static func parse(_ text: String) -> OptionValue<Int64> {
        switch TimeArgument.parse(text) {
        case .success(let seconds): return .parsed(seconds)
        case .failure(let failure): return .refused(reason: "\(failure)")
        }
    }
}

/// `--revocation`: which certificates must not be revoked.
enum RevocationArgument: String, CaseIterable {
    case off, leaf, chain

    var coverage: RevocationPolicy.Coverage {
        switch self {
        case .off: return .off
        case .leaf: return .leaf
        case .chain: return .chain
        }
    }

    @Sendable static func parse(_ text: String) -> OptionValue<RevocationArgument> {
        RevocationArgument(rawValue: text).map { .parsed($0) } ?? .refused(reason: "off, leaf or chain")
    }
}

/// `--pinning-mode`: what AFSecurityPolicy compares with the pins.
enum PinningModeArgument: String, CaseIterable {
    case certificate
    case publicKey = "public-key"

    var mode: SecurityPolicy.PinningMode {
        switch self {
        case .certificate: return .certificate
        case .publicKey: return .publicKey
        }
    }

    @Sendable static func parse(_ text: String) -> OptionValue<PinningModeArgument> {
        PinningModeArgument(rawValue: text).map { .parsed($0) } ?? .refused(reason: "certificate or public-key")
    }
}

/// `--require-ct`: the Certificate Transparency policy every path must meet.
enum CTPolicyArgument {
    @Sendable static func parse(_ text: String) -> OptionValue<CTPolicy> {
        CTPolicy.named(text).map { .parsed($0) } ?? .refused(reason: "apple or chrome")
    }
}
