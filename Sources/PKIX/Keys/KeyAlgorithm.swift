import DER
import EC

// The key types the project knows, one entry each: what every reader of a
// key (a certificate's SPKI, a .p12's private key, a key the tool pins, a
// key policy) looks up instead of keeping its own list; a .p12 key's
// algorithm (`PrivateKey.Algorithm`) is its entry. An entry is values
// and one function, so the table is Embedded-clean and costs a lookup no
// allocation. The hot path of an evaluation still decides by
// `PublicKey.keyType` and the prepared key's own curve, each a switch the
// compiler folds; `KeyAlgorithmTests` checks that those agree with the table.
//
// Adding a key type: an entry here (and in `all`), its primitive in `RSA`
// or `EC`, and the arm of `PublicKey.read` that recognises it; a curve a
// policy can allow also needs its `KeyCurve` case in Trust (docs/architecture.md
// lists the rest, counted).

/// One key type: its identifiers, size, verification cost, policy bit, name,
/// and how its public key is computed from its private key and at what cost.
/// A .p12 private key's algorithm (`PrivateKey.Algorithm`) is its entry.
public struct KeyAlgorithm: Sendable {
    /// What the tool and PKCS12 print: `RSA`, `EC P-256`, `Ed25519`.
    public let name: StaticString
    /// The AlgorithmIdentifier's OID content octets (rsaEncryption, id-ecPublicKey, id-Ed25519…).
    public let oid: [UInt8]
    /// For EC keys, the namedCurve OID's content octets (RFC 5480 §2.1.1.1).
    public let namedCurve: [UInt8]?
    /// The curve as key policies and failures name it (`P-256`, `Ed25519`); nil for RSA.
    public let curveName: StaticString?
    /// The size in bits when the type fixes it: the curve's field size
    /// (Ed25519 256, Ed448 456); nil for RSA, whose modulus decides.
    public let fixedSizeInBits: Int?
    /// The EC module's curve for ECDSA keys.
    public let ecdsaCurve: ECDSACurve?
    /// A signature check's cost in the verifier's units (a P-256 ECDSA
    /// verification is 1; P-384 measured 4×, P-521 8×); 0 where the key's
    /// size decides (RSA) or nothing verifies (Ed448).
    public let verificationCost: Int
    /// The key's bit in `AllowedCurves`; nil for keys bounded by size (RSA) or never verified (Ed448).
    public let policyBit: UInt8?
    /// The public key of a private scalar or seed, computed in constant time
    /// (SEC 1 §3.2.1: 04 ‖ X ‖ Y; RFC 8032 §5.1.5: the 32-octet key); nil
    /// where the private key carries its public half (RSA) or none is computed.
    public let derivePublicKey: (@Sendable (ArraySlice<UInt8>) throws(ECError) -> [UInt8])?
    /// What `derivePublicKey` costs in the PKCS12 reader's work units (a
    /// tenth of a SHA-256 compression; docs/pkcs12.md, "Budgets"): one
    /// fixed-base scalar multiplication, measured and rounded up; 0 where
    /// nothing is derived.
    public let derivationCost: Int

    /// rsaEncryption (RFC 3279 §2.3.1).
    public static let rsa = KeyAlgorithm(name: "RSA", oid: OID.rsaEncryption.bytes, namedCurve: nil, curveName: nil,
                                         fixedSizeInBits: nil, ecdsaCurve: nil, verificationCost: 0, policyBit: nil,
                                         derivePublicKey: nil, derivationCost: 0)
    /// id-RSASSA-PSS (RFC 4055 §1.2): an RSA key for PSS signatures only.
    public static let rsaPSS = KeyAlgorithm(name: "RSASSA-PSS", oid: OID.rsassaPSS.bytes, namedCurve: nil, curveName: nil,
                                            fixedSizeInBits: nil, ecdsaCurve: nil, verificationCost: 0, policyBit: nil,
                                            derivePublicKey: nil, derivationCost: 0)
    /// id-ecPublicKey on secp256r1 (RFC 5480).
    public static let p256 = KeyAlgorithm(name: "EC P-256", oid: OID.ecPublicKey.bytes, namedCurve: OID.secp256r1.bytes,
                                          curveName: "P-256", fixedSizeInBits: 256, ecdsaCurve: .p256, verificationCost: 1,
                                          policyBit: 0, derivePublicKey: { (d) throws(ECError) in try ECDSACurve.p256.publicKey(privateScalar: d) },
                                          derivationCost: 6_000)
    /// id-ecPublicKey on secp384r1.
    public static let p384 = KeyAlgorithm(name: "EC P-384", oid: OID.ecPublicKey.bytes, namedCurve: OID.secp384r1.bytes,
                                          curveName: "P-384", fixedSizeInBits: 384, ecdsaCurve: .p384, verificationCost: 4,
                                          policyBit: 1, derivePublicKey: { (d) throws(ECError) in try ECDSACurve.p384.publicKey(privateScalar: d) },
                                          derivationCost: 18_000)
    /// id-ecPublicKey on secp521r1.
    public static let p521 = KeyAlgorithm(name: "EC P-521", oid: OID.ecPublicKey.bytes, namedCurve: OID.secp521r1.bytes,
                                          curveName: "P-521", fixedSizeInBits: 521, ecdsaCurve: .p521, verificationCost: 8,
                                          policyBit: 2, derivePublicKey: { (d) throws(ECError) in try ECDSACurve.p521.publicKey(privateScalar: d) },
                                          derivationCost: 40_000)
    /// id-Ed25519 (RFC 8410 §3).
    public static let ed25519 = KeyAlgorithm(name: "Ed25519", oid: OID.ed25519.bytes, namedCurve: nil, curveName: "Ed25519",
                                             fixedSizeInBits: 256, ecdsaCurve: nil, verificationCost: 1, policyBit: 3,
                                             derivePublicKey: { (seed) throws(ECError) in try Ed25519PublicKey(privateSeed: seed).rawRepresentation },
                                             derivationCost: 3_000)
    /// id-Ed448 (RFC 8410 §3): recognised and named, never verified.
    public static let ed448 = KeyAlgorithm(name: "Ed448", oid: OID.ed448.bytes, namedCurve: nil, curveName: "Ed448",
                                           fixedSizeInBits: 456, ecdsaCurve: nil, verificationCost: 0, policyBit: nil,
                                           derivePublicKey: nil, derivationCost: 0)

    /// Every entry, in the order a listing shows them.
    public static let all: [KeyAlgorithm] = [rsa, rsaPSS, p256, p384, p521, ed25519, ed448]
}

extension KeyAlgorithm {
    /// The entry of an AlgorithmIdentifier: by its OID, and for id-ecPublicKey
    /// by its namedCurve parameters (nil for another curve or explicit parameters).
    public init?(identifier: AlgorithmIdentifier) {
        self.init(oid: identifier.algorithm, parameters: identifier.parameters)
    }

    /// The entry of an algorithm OID's content octets and its parameters TLV.
    public init?(oid: ArraySlice<UInt8>, parameters: ArraySlice<UInt8>?) {
        if oid.elementsEqual(OID.ecPublicKey.bytes) {
            guard let curve = parameters.flatMap(Self.namedCurve(parameters:)),
                  let entry = Self.ecdsa(namedCurve: curve[...]) else { return nil }
            self = entry
            return
        }
        for entry in Self.all where entry.namedCurve == nil && entry.oid.elementsEqual(oid) {
            self = entry
            return
        }
        return nil
    }

    /// The ECDSA entry of a namedCurve OID's content octets, nil for a curve the table does not list.
    public static func ecdsa(namedCurve oid: ArraySlice<UInt8>) -> KeyAlgorithm? {
        for entry in all {
            if let curve = entry.namedCurve, curve.elementsEqual(oid) { return entry }
        }
        return nil
    }

    /// The OID content octets of ECParameters that are a namedCurve
    /// (RFC 5480 §2.1.1), nil for explicit or implicit parameters.
    public static func namedCurve(parameters: ArraySlice<UInt8>) -> [UInt8]? {
        let bytes = Array(parameters)
        return try? DERReader.parse(bytes) { (reader: inout DERReader) throws(DERError) -> [UInt8] in
            reader.copy(try reader.readOID())
        }
    }

    /// `name` as a String, for messages.
    public var displayName: String { Self.text(name) }
    /// `curveName` as a String, for messages.
    public var curveDisplayName: String? { curveName.map(Self.text) }

    private static func text(_ text: StaticString) -> String {
        text.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    /// The entry of an ECDSA curve.
    public static func ecdsa(_ curve: ECDSACurve) -> KeyAlgorithm {
        switch curve {
        case .p256: return p256
        case .p384: return p384
        case .p521: return p521
        }
    }
}

extension KeyAlgorithm: CustomStringConvertible {
    /// The table's name: `RSA`, `EC P-256`, `Ed25519`.
    public var description: String { displayName }
}

extension KeyAlgorithm: Equatable {
    /// Entries are equal when their identifiers are.
    public static func == (lhs: KeyAlgorithm, rhs: KeyAlgorithm) -> Bool {
        lhs.oid == rhs.oid && lhs.namedCurve == rhs.namedCurve
    }
}
