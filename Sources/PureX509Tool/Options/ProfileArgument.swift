import ArgumentParser
import PureX509

/// `--profile`: one named validation profile (`compatible` is `chromium`),
/// or `all` to decide the chain under each of them (docs/profiles.md), as
/// `verify`, `connect` and `scan` take it. Parsed once, here.
enum ProfileArgument: ExpressibleByArgument, CustomStringConvertible {
    case one(ValidationProfile)
    case all

    init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if let profile = ValidationProfile.named(argument) {
            self = .one(profile)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { ValidationProfile.named.map(\.name) + ["compatible", "all"] }

    /// The profile's name as traces report it (`compatible` is `chromium`), or `all`.
    var description: String {
        switch self {
        case .one(let profile): return profile.name
        case .all: return "all"
        }
    }

    /// The profile a single verdict is decided under: with `all`, strict's
    /// (`scan`'s own verdict; `verify` when a presented certificate is malformed).
    var profile: ValidationProfile {
        switch self {
        case .one(let profile): return profile
        case .all: return .strict
        }
    }

    /// The profiles `all` compares, in the order they are reported; none for one profile.
    var compared: [ValidationProfile] {
        switch self {
        case .one: return []
        case .all: return ValidationProfile.named
        }
    }

    /// The option's parser: `init(argument:)`, and for any other word the
    /// values in the tool's own words (see `PurposeArgument.parse`).
    @Sendable static func parse(_ text: String) throws -> ProfileArgument {
        guard let profile = ProfileArgument(argument: text) else {
            throw ValidationError("strict, chromium (or compatible), rfc5280, apple, cabf or all")
        }
        return profile
    }
}
