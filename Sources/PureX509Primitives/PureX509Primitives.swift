// The primitives beneath the verifier, for the Benchmarks package, which
// times them beside OpenSSL and swift-crypto: big numbers, RSA, EC and
// Ed25519, SHA-2's hashers, HMAC, PBKDF2 and CBC. Not the library's face
// (`import PureX509`); no stability is promised for what this re-exports.
@_exported import SHA2
@_exported import BigNum
@_exported import RSA
@_exported import EC
@_exported import Symmetric
