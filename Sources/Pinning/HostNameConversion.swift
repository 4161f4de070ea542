// How a host name a caller passes in becomes the ASCII name the checks
// compare. Certificates, SNI and pin patterns speak A-labels
// (xn--bcher-kva.example); a user types U-labels (bücher.example). The
// conversion between them (UTS #46 and IDNA2008) needs some 13,000 lines of
// Unicode tables, which must stay out of the core and its Embedded build,
// so the core takes the conversion as a value: `.asciiOnly` here, the
// tables' `.uts46` from the IDNA module (docs/architecture.md, "Where
// internationalised host names are converted").

/// The conversion a pinning entry point applies to the host names it is
/// given, before any comparison: `.asciiOnly` (the default) takes ASCII
/// names as they are and refuses the others; `.uts46`, from the `IDNA`
/// module that `PureX509` re-exports, turns `bücher.example` into
/// `xn--bcher-kva.example` as browsers do.
public struct HostNameConversion: Sendable {
    private let convert: @Sendable (String) -> String?

    /// A conversion from a function that returns the ASCII form of a
    /// name, or nil when the name has none (the entry point then refuses it).
    public init(_ convert: @escaping @Sendable (String) -> String?) {
        self.convert = convert
    }

    /// ASCII names unchanged; a name holding any other character has no
    /// form here (nil), so it matches nothing and validates for no host.
    public static let asciiOnly = HostNameConversion { name in
        name.utf8.allSatisfy { $0 < 0x80 } ? name : nil
    }

    /// The ASCII form of `name`, or nil when it has none. ASCII names are
    /// passed through every conversion unchanged.
    package func ascii(_ name: String) -> String? {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name }
        return convert(name)
    }
}
