import PureX509
import PureX509Config

enum PinFuzzing {
    static let hosts = ["www.example.com", "example.com", "a.b.example.co.uk", "xn--e1afmkfd.xn--p1ai", "localhost", "10.0.0.1"]

    /// The text as every kind of string a pinning configuration holds.
    static func pinString(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let pin = try? SPKIPin(text) {
            // The written form must read back as the same pin.
            guard (try? SPKIPin(pin.description)) == pin else { FuzzInvariant.fail("pin \(pin) does not round-trip") }
        }
        for includeSubdomains in [false, true] {
            if let pattern = try? HostPattern(text, includeSubdomains: includeSubdomains) {
                for host in hosts { _ = pattern.matches(host) }
            }
        }
        if let identity = ServerIdentity(host: text) { _ = identity.description }
        if let identity = ServerIdentity(ipAddress: text) { _ = identity.description }
        _ = TimeArgument.parse(text)
        // Escaped text reaches terminals: no control character may survive.
        let escaped = DisplayText.escaped(text)
        guard !escaped.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            FuzzInvariant.fail("DisplayText.escaped let a control character through")
        }
    }

    static func configuration(_ bytes: [UInt8]) {
        guard let configuration = try? PinningConfigFile.parse(bytes) else { return }
        for host in hosts { _ = configuration.pinSet(forHost: host) }
        for set in configuration.pinSets where set.pins.isEmpty {
            FuzzInvariant.fail("a pin set without pins was accepted (\(set.pattern))")
        }
    }
}
