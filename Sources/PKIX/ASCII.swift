/// ASCII case folding on bytes. Host names, pins and name comparisons in
/// the core are ASCII by rule, and `String.lowercased()` would pull the
/// Unicode tables into Embedded builds.
public enum ASCII {
    @inline(__always)
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
    }

    public static func lowercased<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        bytes.map(lowercased)
    }
}
