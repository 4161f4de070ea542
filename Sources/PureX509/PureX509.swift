// The product users import: the layers a verifier, a pinning policy and a
// client identity are written against, and the few values of the layers
// below that their API names. The primitives (big numbers, RSA, EC,
// SHA-2's streaming hashers, HMAC, PBKDF2, the DER reader) are not part of
// this face: the package's own targets import them by name, and the
// Benchmarks package reaches them through the `PureX509Primitives` product.
@_exported import PKIX
@_exported import Trust
@_exported import Pinning
@_exported import PKCS12
@_exported import SystemTrust
@_exported import IDNA
@_exported import struct DER.OID
@_exported import struct DER.DERError
@_exported import enum DER.CivilTime
@_exported import struct SHA2.Digest
@_exported import struct SHA2.SHA256
@_exported import enum EC.ECDSACurve
@_exported import enum EC.ECError
@_exported import struct RSA.PSSParameters
@_exported import struct RSA.RSAPublicKey
/// The library's version, as `purex509 --version` prints it. The minor
/// number follows the project's stops (development releases, no API
/// stability promised before 1.0).
public enum PureX509Version {
    public static let string = "0.22.0"
}
