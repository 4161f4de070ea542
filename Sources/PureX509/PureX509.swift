// The product users import: the layers, re-exported, and nothing else.
@_exported import DER
@_exported import SHA2
@_exported import BigNum
@_exported import RSA
@_exported import EC
@_exported import PKIX
@_exported import Trust
@_exported import Pinning
@_exported import Symmetric
@_exported import PKCS12
@_exported import SystemTrust

/// The library's version, as `purex509 --version` prints it. The minor
/// number follows the project's stops (development releases, no API
/// stability promised before 1.0).
public enum PureX509Version {
    public static let string = "0.22.0"
}
