import DER
import EC

// The key types the project knows, one entry each: what every reader of a
// key (a certificate's SPKI, a .p12's private key, a key the tool pins, a
// key policy) looks up instead of keeping its own list; a .p12 key's
// algorithm (`PrivateKey.Algorithm`) is its entry. An entry is values
// and one function, so the table is Embedded-clean and costs a lookup no
// allocation.
//
// An entry's identity is its `KeyType`, the one small value every key is
// named by: a parsed key (`PublicKey.type`), a prepared key
// (`VerificationKey.type` in Trust), the key policy (`AllowedCurves`) and
// its refusals. ECDSA keys carry the EC module's `ECDSACurve`, so no curve
// is mapped from one enum onto another. What the warm evaluation reads of a
// key type (its verification cost, its policy bit, its size, the namedCurve
// OIDs a parse compares) is a switch on `KeyType` below, which the compiler
// folds: a read of the table costs a lazy-initialisation check and reference
// counting per use. The entry reads those values from its type; they are
// written once.
//
// Adding a key type: its `KeyType` (a case, or for an ECDSA curve the EC
// module's `ECDSACurve` case), its entry here (and in `all`) and the arms of
// the switches below, and its primitive in `RSA` or `EC`; a new algorithm
// (not a curve) also adds its OID's branch in `PublicKey.read`, how Trust
// prepares its verification key (`KeyType.verificationKey(of:)`) and its
// signature entries (docs/architecture.md lists the rest, counted).

/// A key type of the table (`KeyAlgorithm`): what a parsed key, a prepared
/// key, the key policy and its refusals name a key by. ECDSA keys carry the
/// EC module's curve.
public enum KeyType: Sendable, Equatable, CustomStringConvertible {
    /// rsaEncryption (RFC 3279 §2.3.1).
    case rsa
    /// id-RSASSA-PSS (RFC 4055 §1.2): an RSA key for PSS signatures only.
    case rsaPSS
    /// id-ecPublicKey on a curve the EC module implements (RFC 5480).
    case ecdsa(ECDSACurve)
    /// id-Ed25519 (RFC 8410 §3).
    case ed25519
    /// id-Ed448 (RFC 8410 §3): recognised and named, never verified.
    case ed448

    /// A signature check's cost in the verifier's units (a P-256 ECDSA
    /// verification is 1; P-384 measured 4×, P-521 8×, docs/benchmarks.md);
    /// 0 where the key's size decides (RSA: `VerificationKey.cost`) or
    /// nothing verifies (Ed448).
    @inlinable package var verificationCost: Int {
        switch self {
        case .ecdsa(.p256), .ed25519: return 1
        case .ecdsa(.p384): return 4
        case .ecdsa(.p521): return 8
        case .rsa, .rsaPSS, .ed448: return 0
        }
    }

    /// The type's bit in `AllowedCurves`; nil for keys bounded by size
    /// (RSA) or never verified (Ed448).
    @inlinable package var policyBit: UInt8? {
        switch self {
        case .ecdsa(.p256): return 0
        case .ecdsa(.p384): return 1
        case .ecdsa(.p521): return 2
        case .ed25519: return 3
        case .rsa, .rsaPSS, .ed448: return nil
        }
    }

    /// The size in bits when the type fixes it: the curve's field size
    /// (Ed25519 256, Ed448 456); nil for RSA, whose modulus decides.
    @inlinable package var fixedSizeInBits: Int? {
        switch self {
        case .ecdsa(.p256), .ed25519: return 256
        case .ecdsa(.p384): return 384
        case .ecdsa(.p521): return 521
        case .ed448: return 456
        case .rsa, .rsaPSS: return nil
        }
    }

    /// The ECDSA type of an id-ecPublicKey's namedCurve, the OID content
    /// octets at `oid` in `reader`; nil for a curve the table does not list.
    /// `PublicKey.read` asks it of every EC key a certificate holds, so the
    /// OIDs are compared in place rather than found by walking the table
    /// (`KeyAlgorithmTableTests` holds the two equal).
    package static func ecdsa(namedCurve oid: Range<Int>, in reader: DERReader) -> KeyType? {
        if reader.bytes(oid, equal: OID.secp256r1.bytes) { return .ecdsa(.p256) }
        if reader.bytes(oid, equal: OID.secp384r1.bytes) { return .ecdsa(.p384) }
        if reader.bytes(oid, equal: OID.secp521r1.bytes) { return .ecdsa(.p521) }
        return nil
    }

    /// The type's table entry: its identifiers, names and derivation.
    package var entry: KeyAlgorithm {
        for entry in KeyAlgorithm.all where entry.type == self { return entry }
        preconditionFailure("every KeyType has an entry in KeyAlgorithm.all")
    }

    /// The table's name: `RSA`, `EC P-256`, `Ed25519`.
    public var description: String { entry.displayName }

    /// The curve as key policies and refusals name it (`P-256`, `Ed25519`); nil for RSA.
    package var curveName: String? { entry.curveDisplayName }
}

/// One key type: its identifiers, size, verification cost, policy bit, name,
/// and how its public key is computed from its private key and at what cost.
/// A .p12 private key's algorithm (`PrivateKey.Algorithm`) is its entry.
public struct KeyAlgorithm: Sendable {
    /// The entry's identity, which every other reader of a key names it by;
    /// its cost, policy bit and size are read from it.
    public let type: KeyType
    /// What the tool and PKCS12 print: `RSA`, `EC P-256`, `Ed25519`.
    public let name: StaticString
    /// The AlgorithmIdentifier's OID content octets (rsaEncryption, id-ecPublicKey, id-Ed25519…).
    package let oid: [UInt8]
    /// For EC keys, the namedCurve OID's content octets (RFC 5480 §2.1.1.1).
    package let namedCurve: [UInt8]?
    /// The curve as key policies and failures name it (`P-256`, `Ed25519`); nil for RSA.
    package let curveName: StaticString?
    /// The public key of a private scalar or seed, computed in constant time
    /// (SEC 1 §3.2.1: 04 ‖ X ‖ Y; RFC 8032 §5.1.5: the 32-octet key); nil
    /// where the private key carries its public half (RSA) or none is computed.
    /// Computed from `type` rather than stored in the table: a program that
    /// only verifies never names it, so the linker leaves the constant-time
    /// scalar multiplications out (about 42 KB of wasm; docs/embedded.md).
    package var derivePublicKey: (@Sendable (ArraySlice<UInt8>) throws(ECError) -> [UInt8])? {
        switch type {
        case .ecdsa(let curve): return { (d) throws(ECError) in try curve.publicKey(privateScalar: d) }
        case .ed25519: return { (seed) throws(ECError) in try Ed25519PublicKey(privateSeed: seed).rawRepresentation }
        case .rsa, .rsaPSS, .ed448: return nil
        }
    }
    /// What `derivePublicKey` costs in the PKCS12 reader's work units (a
    /// tenth of a SHA-256 compression; docs/pkcs12.md, "Budgets"): one
    /// fixed-base scalar multiplication, measured and rounded up; 0 where
    /// nothing is derived.
    package let derivationCost: Int

    /// The size in bits when the type fixes it (`KeyType.fixedSizeInBits`).
    package var fixedSizeInBits: Int? { type.fixedSizeInBits }
    /// The EC module's curve for ECDSA keys.
    package var ecdsaCurve: ECDSACurve? {
        if case .ecdsa(let curve) = type { return curve }
        return nil
    }
    /// A signature check's cost in the verifier's units (`KeyType.verificationCost`).
    package var verificationCost: Int { type.verificationCost }
    /// The key's bit in `AllowedCurves` (`KeyType.policyBit`).
    package var policyBit: UInt8? { type.policyBit }

    /// rsaEncryption (RFC 3279 §2.3.1).
    public static let rsa = KeyAlgorithm(type: .rsa, name: "RSA", oid: OID.rsaEncryption.bytes, namedCurve: nil, curveName: nil,
                                         derivationCost: 0)
    /// id-RSASSA-PSS (RFC 4055 §1.2): an RSA key for PSS signatures only.
    public static let rsaPSS = KeyAlgorithm(type: .rsaPSS, name: "RSASSA-PSS", oid: OID.rsassaPSS.bytes, namedCurve: nil, curveName: nil,
                                            derivationCost: 0)
    /// id-ecPublicKey on secp256r1 (RFC 5480).
    public static let p256 = KeyAlgorithm(type: .ecdsa(.p256), name: "EC P-256", oid: OID.ecPublicKey.bytes,
                                          namedCurve: OID.secp256r1.bytes, curveName: "P-256",
                                          derivationCost: 6_000)
    /// id-ecPublicKey on secp384r1.
    public static let p384 = KeyAlgorithm(type: .ecdsa(.p384), name: "EC P-384", oid: OID.ecPublicKey.bytes,
                                          namedCurve: OID.secp384r1.bytes, curveName: "P-384",
                                          derivationCost: 18_000)
    /// id-ecPublicKey on secp521r1.
    public static let p521 = KeyAlgorithm(type: .ecdsa(.p521), name: "EC P-521", oid: OID.ecPublicKey.bytes,
                                          namedCurve: OID.secp521r1.bytes, curveName: "P-521",
                                          derivationCost: 40_000)
    /// id-Ed25519 (RFC 8410 §3).
    public static let ed25519 = KeyAlgorithm(type: .ed25519, name: "Ed25519", oid: OID.ed25519.bytes, namedCurve: nil, curveName: "Ed25519",
                                             derivationCost: 3_000)
    /// id-Ed448 (RFC 8410 §3): recognised and named, never verified.
    public static let ed448 = KeyAlgorithm(type: .ed448, name: "Ed448", oid: OID.ed448.bytes, namedCurve: nil, curveName: "Ed448",
                                           derivationCost: 0)

    /// Every entry, in the order a listing shows them.
    package static let all: [KeyAlgorithm] = [rsa, rsaPSS, p256, p384, p521, ed25519, ed448]
}

extension KeyAlgorithm {
    /// The entry of an AlgorithmIdentifier: by its OID, and for id-ecPublicKey
    /// by its namedCurve parameters (nil for another curve or explicit parameters).
    package init?(identifier: AlgorithmIdentifier) {
        self.init(oid: identifier.algorithm, parameters: identifier.parameters)
    }

    /// The entry of an algorithm OID's content octets and its parameters TLV.
    package init?(oid: ArraySlice<UInt8>, parameters: ArraySlice<UInt8>?) {
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
    package static func ecdsa(namedCurve oid: ArraySlice<UInt8>) -> KeyAlgorithm? {
        for entry in all {
            if let curve = entry.namedCurve, curve.elementsEqual(oid) { return entry }
        }
        return nil
    }

    /// The OID content octets of ECParameters that are a namedCurve
    /// (RFC 5480 §2.1.1), nil for explicit or implicit parameters.
    package static func namedCurve(parameters: ArraySlice<UInt8>) -> [UInt8]? {
        let bytes = Array(parameters)
        return try? DERReader.parse(bytes) { (reader: inout DERReader) throws(DERError) -> [UInt8] in
            reader.copy(try reader.readOID())
        }
    }

    /// `name` as a String, for messages.
    package var displayName: String { Self.text(name) }
    /// `curveName` as a String, for messages.
    package var curveDisplayName: String? { curveName.map(Self.text) }

    private static func text(_ text: StaticString) -> String {
        text.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }
}

extension KeyAlgorithm: CustomStringConvertible {
    /// The table's name: `RSA`, `EC P-256`, `Ed25519`.
    public var description: String { displayName }
}

extension KeyAlgorithm: Equatable {
    /// Entries are equal when their key types are.
    public static func == (lhs: KeyAlgorithm, rhs: KeyAlgorithm) -> Bool { lhs.type == rhs.type }
}
