// `--host NAME` as the tool reads it: the conversion is the IDNA module's;
// what is the tool's own is turning a refusal into a usage error.

import ArgumentParser
import PureX509

/// `--host NAME` as the commands read it (ArgumentParser's `transform`): an
/// ASCII name as it is, an internationalised one as its A-label form, and
/// one that has none a usage error (exit 2) saying why.
enum HostArgument {
    static func convert(_ text: String) throws -> String {
        guard IDNA.isInternationalised(text) else { return text }
        switch IDNA.toASCII(text) {
        case .success(let ascii): return ascii
        case .failure(let failure):
            throw ValidationError("\(shown(text)) has no A-label form (UTS #46 and IDNA2008): \(failure)")
        }
    }

    /// The name as the error shows it: whole when it could be a host name
    /// (253 octets, RFC 1035 §2.3.4), else its start and its length, so that
    /// a pasted page does not fill the terminal.
    static func shown(_ text: String) -> String {
        guard text.utf8.count > 253 else { return DisplayText.escaped(text) }
        return DisplayText.escaped(String(text.prefix(40))) + "… (\(text.count) characters)"
    }
}
