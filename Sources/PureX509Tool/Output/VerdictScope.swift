import PureX509

// What a trusted verdict rests on and what it does not: a bare `trusted`
// read as "this server is fine" when no host was named, no pin given and
// no revocation or CT checked. The text verdict ends with
// `; checked: …; not checked: …`, and `--json` carries the same facts in
// `checked` (docs/output.md), so that a script can tell a chain that is
// valid for www.example.com from one that is merely valid.

struct VerdictScope {
    /// Whether a chain evaluation verified the path (false only when
    /// `--allow-invalid` let an unverified chain through).
    var path = true
    /// The name or address the leaf was matched against; nil when none was.
    var host: String?
    /// Which pins the verdict checked: "public key" or "certificate"; nil when none.
    var pins: String?
    /// Which certificates revocation was checked for (leaf or chain); nil when off.
    var revocation: String?
    /// The CT policy the path was judged by; nil when none applied.
    var ct: String?

    /// `checked: path, host www.example.com, revocation (chain); not checked: pins, CT`.
    var text: String {
        var checked: [String] = [], unchecked: [String] = []
        func add(_ name: String, _ value: String?) {
            if let value { checked.append(value) } else { unchecked.append(name) }
        }
        add("path", path ? "path" : nil)
        add("host", host.map { "host " + DisplayText.escaped($0) })
        add("pins", pins.map { "pins (\($0))" })
        add("revocation", revocation.map { "revocation (\($0))" })
        add("CT", ct.map { "CT (\($0))" })
        return "checked: " + (checked.isEmpty ? "nothing" : checked.joined(separator: ", "))
            + (unchecked.isEmpty ? "" : "; not checked: " + unchecked.joined(separator: ", "))
    }

    /// `{"path": bool, "host", "pins", "revocation", "ct"}`: the text's values, null when not checked.
    var json: JSONOutput {
        .object([
            ("path", .bool(path)), ("host", .optional(host)), ("pins", .optional(pins)),
            ("revocation", .optional(revocation)), ("ct", .optional(ct)),
        ])
    }
}

extension VerifyOptions {
    /// The scope of a verdict under these options: `hostChecked` false when
    /// the evaluation matched no name (`--no-validate-host`), `pins` the
    /// kind of pins checked, `ct` the decided path's CT result.
    func scope(ct: CTResult?, hostChecked: Bool = true, pins: String? = nil, path: Bool = true) -> VerdictScope {
        let revocationScope: String?
        switch coverage {
        case .off: revocationScope = nil
        case .leaf: revocationScope = "leaf"
        case .chain: revocationScope = "chain"
        }
        return VerdictScope(path: path, host: hostChecked ? host ?? ip : nil, pins: pins, revocation: revocationScope,
                            ct: ct.map { $0.enforced ? $0.policy.name : $0.policy.name + ", not enforced" })
    }
}
