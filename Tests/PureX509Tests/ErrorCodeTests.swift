import Foundation
import PureX509
import PureX509Tool
import Symmetric
import Testing
// `Revocation` has no public initialiser; the rest is public.
@testable import Trust

// Each failure's stable `code` comes from its type's one
// `code` property (the tool reads it), and those codes are unique where the
// tool emits them together and equal to Vectors/error-codes/codes.txt, so a
// renamed, added or removed code fails here until the list says so.
// DERError and SymmetricError give library codes the tool does not emit;
// a DERError's is its rule's number (DERRuleCodeTests.swift lists the rules).

/// The committed list's "Type code" lines, comments and blank lines left out.
private func committedLines() throws -> [String] {
    let text = try String(contentsOf: repository.appendingPathComponent("Vectors/error-codes/codes.txt"), encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
}

// `(case, code)` for every case of each type, in declaration order.
private let trustFailureCodes = TrustFailureCase.allCases.map { (name: "\($0)", code: $0.sample.code) }
private let revocationGapCodes = RevocationGapCase.allCases.map { (name: "\($0)", code: $0.sample.code) }
/// The rule table's codes, RFC 5280's and the CA/B Forum's apart from
/// Apple's (codes.txt lists them as ConformanceRule and AppleRule): every
/// rule of the table, so a new one fails here until the list names it.
private let conformanceRuleCodes = ConformanceRule.allCases.filter { $0.entry.family == .construction }
    .map { (name: "rule \($0.rawValue)", code: $0.code) }
private let appleRuleCodes = ConformanceRule.allCases.filter { $0.entry.family == .appleSSL }
    .map { (name: "rule \($0.rawValue)", code: $0.code) }
/// CheckName's own codes: `profileRule` and `appleRule` give their rule's.
private let checkNameCodes = CheckNameCase.allCases.filter { $0 != .profileRule && $0 != .appleRule }
    .map { (name: "\($0)", code: $0.sample.code) }
/// ServerTrustFailure's own codes: the two cases that carry a chain's
/// `TrustFailure` give its code.
private let serverTrustFailureCodes = ServerTrustFailureCase.allCases
    .filter { $0 != .defaultEvaluationFailed && $0 != .revocationCheckFailed }
    .map { (name: "\($0)", code: $0.sample.code) }
private let pkcs12ErrorCodes = PKCS12ErrorCase.allCases.map { (name: "\($0)", code: $0.sample.code) }
private let symmetricErrorCodes = SymmetricErrorCase.allCases.map { (name: "\($0)", code: $0.sample.code) }
private let systemTrustCodes = SystemTrustStoreErrorCase.allCases.map { (name: "\($0)", code: $0.sample.code) }
/// The CT rule table's codes and what an SCT counted for (`--json`'s `ct` object).
private let ctRuleCodes = CTRule.allCases.map { (name: "rule \($0.rawValue)", code: $0.code) }
private let sctDispositionCodes = SCTDispositionCase.allCases.map { (name: "\($0)", code: $0.sample.code) }
// `derErrorCodes` (every DERError rule's number) is in DERRuleCodeTests.swift.

/// Each shadow case's sample is a value of that case: the list below is
/// built from one value of every case, not from fewer.
@Test func everyCaseHasItsOwnSample() {
    #expect(TrustFailureCase.allCases.filter { TrustFailureCase.of($0.sample) != $0 } == [])
    #expect(RevocationGapCase.allCases.filter { RevocationGapCase.of($0.sample) != $0 } == [])
    #expect(CheckNameCase.allCases.filter { CheckNameCase.of($0.sample) != $0 } == [])
    #expect(ServerTrustFailureCase.allCases.filter { ServerTrustFailureCase.of($0.sample) != $0 } == [])
    #expect(PKCS12ErrorCase.allCases.filter { PKCS12ErrorCase.of($0.sample) != $0 } == [])
    #expect(SymmetricErrorCase.allCases.filter { SymmetricErrorCase.of($0.sample) != $0 } == [])
    #expect(SystemTrustStoreErrorCase.allCases.filter { SystemTrustStoreErrorCase.of($0.sample) != $0 } == [])
    #expect(SCTDispositionCase.allCases.filter { SCTDispositionCase.of($0.sample) != $0 } == [])
}

/// The codes each type gives are the committed list's lines for it.
@Test func codesEqualTheCommittedList() throws {
    let derived: [(String, [(name: String, code: String)])] = [
        ("TrustFailure", trustFailureCodes), ("RevocationGap", revocationGapCodes),
        ("ConformanceRule", conformanceRuleCodes), ("AppleRule", appleRuleCodes), ("CheckName", checkNameCodes),
        ("ServerTrustFailure", serverTrustFailureCodes), ("PKCS12Error", pkcs12ErrorCodes),
        ("DERError", derErrorCodes), ("SymmetricError", symmetricErrorCodes),
        ("SystemTrustStoreError", systemTrustCodes), ("CTRule", ctRuleCodes), ("SCTDisposition", sctDispositionCodes),
        // scan's lines for an input it could not read and for a JSON line
        // over its length limit: the tool's own codes, no type's.
        ("scan", [(name: "inputError", code: ScanEngine.inputErrorCode), (name: "lineTooLong", code: ScanEngine.lineTooLongCode)]),
    ]
    let lines = derived.flatMap { type, codes in codes.map { "\(type) \($0.code)" } }
    let committed = try committedLines()
    // Order is not a promise; each line is, once.
    #expect(lines.filter { !committed.contains($0) } == [], "codes not in codes.txt")
    #expect(committed.filter { !lines.contains($0) } == [], "lines of codes.txt no case gives")
    #expect(committed.count == Set(committed).count, "codes.txt repeats a line")
}

/// The cases that pass an inner failure's code through give exactly that
/// code, for every inner case.
@Test func passedThroughCodesAreTheInnerOnes() {
    for rule in ConformanceRule.allCases {
        #expect(CheckName.profileRule(rule).code == rule.code)
        #expect(CheckName.appleRule(rule).code == rule.code)
    }
    for failure in TrustFailureCase.allCases.map(\.sample) {
        #expect(ServerTrustFailure.defaultEvaluationFailed(failure).code == failure.code)
        #expect(ServerTrustFailure.revocationCheckFailed(failure).code == failure.code)
    }
}

/// The codes that share one JSON field, with the cases giving each, where
/// more than one case gives it.
private func collisions(_ groups: [(String, [(name: String, code: String)])]) -> [String: [String]] {
    var byCode: [String: [String]] = [:]
    for (type, codes) in groups {
        for (name, code) in codes { byCode[code, default: []].append(type + "." + name) }
    }
    return byCode.filter { $0.value.count > 1 }
}

/// No two cases share a code where the tool emits them in the same field.
@Test func codesAreUniqueWhereTheToolEmitsThem() {
    // `verify --json` `error.code` (and `scan`, `identity`'s verification):
    // a TrustFailure's code, or with pins a ServerTrustFailure's. A host the
    // chain does not name is `hostnameMismatch` either way, on purpose.
    #expect(collisions([("TrustFailure", trustFailureCodes), ("ServerTrustFailure", serverTrustFailureCodes)])
        == ["hostnameMismatch": ["TrustFailure.hostnameMismatch", "ServerTrustFailure.hostValidationFailed"]])
    // `revocationGap` and a revocation finding's `reason`.
    #expect(collisions([("RevocationGap", revocationGapCodes)]) == [:])
    // `verify --explain --json` trace steps' `check`: CheckName's own codes
    // and, through it, every profile and Apple rule's.
    #expect(collisions([("CheckName", checkNameCodes), ("ConformanceRule", conformanceRuleCodes),
                        ("AppleRule", appleRuleCodes)]) == [:])
    // `identity --json` `code` for a file that did not open.
    #expect(collisions([("PKCS12Error", pkcs12ErrorCodes)]) == [:])
    // Not emitted by the tool, unique all the same: a caller tells the
    // failures apart by code (DERRuleCodeTests checks the rules' numbers).
    #expect(collisions([("SymmetricError", symmetricErrorCodes)]) == [:])
    #expect(collisions([("SystemTrustStoreError", systemTrustCodes)]) == [:])
    #expect(collisions([("DERError", derErrorCodes)]) == [:])
    #expect(collisions([("CTRule", ctRuleCodes)]) == [:])
    #expect(collisions([("SCTDisposition", sctDispositionCodes)]) == [:])
}

/// `TrustFailure.Reason`'s cases, one each: `of` is exhaustive, so a new reason does not
/// compile until it is named here, and `sample` then needs a failure with it.
private enum TrustFailureCase: CaseIterable {
    case malformed, expired, notYetValid, badSignature, unknownIssuer, hostnameMismatch, invalidReferenceIdentity, pathLengthExceeded, notACA, leafIsCA, keyUsage, extendedKeyUsage, nameConstraintViolation, unsupportedAlgorithm, disallowedAlgorithm, algorithmMismatch, weakKey, leafKey, nonConforming, appleSSLPolicy, unknownCriticalExtension, policy, budgetExceeded, pathTooLong, pinMismatch, revoked, revocationUnknown, certificateTransparency

    static func of(_ value: TrustFailure) -> Self {
        switch value.reason {
        case .malformed: return .malformed
        case .expired: return .expired
        case .notYetValid: return .notYetValid
        case .badSignature: return .badSignature
        case .unknownIssuer: return .unknownIssuer
        case .hostnameMismatch: return .hostnameMismatch
        case .invalidReferenceIdentity: return .invalidReferenceIdentity
        case .pathLengthExceeded: return .pathLengthExceeded
        case .notACA: return .notACA
        case .leafIsCA: return .leafIsCA
        case .keyUsage: return .keyUsage
        case .extendedKeyUsage: return .extendedKeyUsage
        case .nameConstraintViolation: return .nameConstraintViolation
        case .unsupportedAlgorithm: return .unsupportedAlgorithm
        case .disallowedAlgorithm: return .disallowedAlgorithm
        case .algorithmMismatch: return .algorithmMismatch
        case .weakKey: return .weakKey
        case .leafKey: return .leafKey
        case .nonConforming: return .nonConforming
        case .appleSSLPolicy: return .appleSSLPolicy
        case .unknownCriticalExtension: return .unknownCriticalExtension
        case .policy: return .policy
        case .budgetExceeded: return .budgetExceeded
        case .pathTooLong: return .pathTooLong
        case .pinMismatch: return .pinMismatch
        case .revoked: return .revoked
        case .revocationUnknown: return .revocationUnknown
        case .certificateTransparency: return .certificateTransparency
        }
    }

    var sample: TrustFailure {
        switch self {
        case .malformed: return .malformed(index: 1, DERError(.truncated, at: 0))
        case .expired: return .expired(index: 0, notAfter: 0, at: 1)
        case .notYetValid: return .notYetValid(index: 0, notBefore: 1, at: 0)
        case .badSignature: return .badSignature(index: 0)
        case .unknownIssuer: return .unknownIssuer(index: 0)
        case .hostnameMismatch: return .hostnameMismatch(presented: PresentedNames([]))
        case .invalidReferenceIdentity: return .invalidReferenceIdentity
        case .pathLengthExceeded: return .pathLengthExceeded(index: 1)
        case .notACA: return .notACA(index: 1)
        case .leafIsCA: return .leafIsCA
        case .keyUsage: return .keyUsage(index: 0)
        case .extendedKeyUsage: return .extendedKeyUsage(index: 0)
        case .nameConstraintViolation: return .nameConstraintViolation(index: 0)
        case .unsupportedAlgorithm: return .unsupportedAlgorithm(index: 0, .curve(AlgorithmName(oid: nil, name: "brainpoolP256r1")))
        case .disallowedAlgorithm: return .disallowedAlgorithm(index: 0, algorithm: .md5)
        case .algorithmMismatch: return .algorithmMismatch(index: 0, algorithm: .ed25519, key: SizedKeyType(.rsa, sizeInBits: 2048))
        case .weakKey: return .weakKey(index: 1, .rsaModulusTooSmall(bits: 1024, minimum: 2048))
        case .leafKey: return .leafKey(.keyRefused(.invalidKey(reason: .rsaParametersNotNull)))
        case .nonConforming: return .nonConforming(index: 0, .emptyIssuerName)
        case .appleSSLPolicy: return .appleSSLPolicy(index: 0, .validityOver398Days)
        case .unknownCriticalExtension: return .unknownCriticalExtension(index: 0)
        case .policy: return .policy(index: 1, .noAcceptablePolicy)
        case .budgetExceeded: return .budgetExceeded(.signatureChecks)
        case .pathTooLong: return .pathTooLong
        case .pinMismatch: return .pinMismatch(PinMismatch(kind: .publicKey, served: [], pinned: []))
        case .revoked: return .revoked(index: 0, Revocation(serialNumber: [1], date: 0, reason: nil))
        case .revocationUnknown: return .revocationUnknown(index: 0, .noCRL)
        case .certificateTransparency:
            return .certificateTransparency(CTResult(policy: .apple, findings: [sampleFinding], enforced: true, unmetRule: .appleTwoSCTs, unreadableLists: []))
        }
    }
}

/// `RevocationGap`'s cases, one each: `of` is exhaustive, so a new case does not
/// compile until it is named here, and `sample` then needs a value of it.
private enum RevocationGapCase: CaseIterable {
    case noCRL, crlOutOfDate, crlUnrecognisedCriticalExtension, crlSignerNotFound, reasonsNotCovered, deltaWithoutBase, noOCSPResponse, ocspResponseOutOfDate, ocspUnrecognisedCriticalExtension, ocspResponderNotAuthorised, ocspStatusUnknown

    static func of(_ value: RevocationGap) -> Self {
        switch value {
        case .noCRL: return .noCRL
        case .crlOutOfDate: return .crlOutOfDate
        case .crlUnrecognisedCriticalExtension: return .crlUnrecognisedCriticalExtension
        case .crlSignerNotFound: return .crlSignerNotFound
        case .reasonsNotCovered: return .reasonsNotCovered
        case .deltaWithoutBase: return .deltaWithoutBase
        case .noOCSPResponse: return .noOCSPResponse
        case .ocspResponseOutOfDate: return .ocspResponseOutOfDate
        case .ocspUnrecognisedCriticalExtension: return .ocspUnrecognisedCriticalExtension
        case .ocspResponderNotAuthorised: return .ocspResponderNotAuthorised
        case .ocspStatusUnknown: return .ocspStatusUnknown
        }
    }

    var sample: RevocationGap {
        switch self {
        case .noCRL: return .noCRL
        case .crlOutOfDate: return .crlOutOfDate
        case .crlUnrecognisedCriticalExtension: return .crlUnrecognisedCriticalExtension
        case .crlSignerNotFound: return .crlSignerNotFound
        case .reasonsNotCovered: return .reasonsNotCovered
        case .deltaWithoutBase: return .deltaWithoutBase
        case .noOCSPResponse: return .noOCSPResponse
        case .ocspResponseOutOfDate: return .ocspResponseOutOfDate
        case .ocspUnrecognisedCriticalExtension: return .ocspUnrecognisedCriticalExtension
        case .ocspResponderNotAuthorised: return .ocspResponderNotAuthorised
        case .ocspStatusUnknown: return .ocspStatusUnknown
        }
    }
}

/// `CheckName`'s cases, one each: `of` is exhaustive, so a new case does not
/// compile until it is named here, and `sample` then needs a value of it.
private enum CheckNameCase: CaseIterable {
    case hostname, validity, leafNotCA, extendedKeyUsage, keyUsage, criticalExtensions, profileRule, appleRule, leafKey, pathDepth, signature, issuerIsCA, pathLength, nameConstraints, certificatePolicies, anchorValidity, anchorIsCA, anchorKeyUsage, revocation, pins, certificateTransparency

    static func of(_ value: CheckName) -> Self {
        switch value {
        case .hostname: return .hostname
        case .validity: return .validity
        case .leafNotCA: return .leafNotCA
        case .extendedKeyUsage: return .extendedKeyUsage
        case .keyUsage: return .keyUsage
        case .criticalExtensions: return .criticalExtensions
        case .profileRule: return .profileRule
        case .appleRule: return .appleRule
        case .leafKey: return .leafKey
        case .pathDepth: return .pathDepth
        case .signature: return .signature
        case .issuerIsCA: return .issuerIsCA
        case .pathLength: return .pathLength
        case .nameConstraints: return .nameConstraints
        case .certificatePolicies: return .certificatePolicies
        case .anchorValidity: return .anchorValidity
        case .anchorIsCA: return .anchorIsCA
        case .anchorKeyUsage: return .anchorKeyUsage
        case .revocation: return .revocation
        case .pins: return .pins
        case .certificateTransparency: return .certificateTransparency
        }
    }

    var sample: CheckName {
        switch self {
        case .hostname: return .hostname
        case .validity: return .validity
        case .leafNotCA: return .leafNotCA
        case .extendedKeyUsage: return .extendedKeyUsage
        case .keyUsage: return .keyUsage
        case .criticalExtensions: return .criticalExtensions
        case .profileRule: return .profileRule(.emptyIssuerName)
        case .appleRule: return .appleRule(.rsaKeyBelow2048Bits)
        case .leafKey: return .leafKey
        case .pathDepth: return .pathDepth
        case .signature: return .signature
        case .issuerIsCA: return .issuerIsCA
        case .pathLength: return .pathLength
        case .nameConstraints: return .nameConstraints
        case .certificatePolicies: return .certificatePolicies
        case .anchorValidity: return .anchorValidity
        case .anchorIsCA: return .anchorIsCA
        case .anchorKeyUsage: return .anchorKeyUsage
        case .revocation: return .revocation
        case .pins: return .pins
        case .certificateTransparency: return .certificateTransparency(.chrome)
        }
    }
}

/// An SCT finding for the samples above.
private let sampleFinding = SCTFinding(origin: .embedded, logID: Digest(bytes: [UInt8](repeating: 0, count: 32))!, logName: nil, operatorName: nil,
                                       fromRFC6962Log: false, timestamp: 0, disposition: .unknownLog)

/// `SCTDisposition`'s cases, one each: `of` is exhaustive, so a new case does not
/// compile until it is named here, and `sample` then needs a value of it.
private enum SCTDispositionCase: CaseIterable {
    case counted, unknownLog, badSignature, timestampInFuture, logNotTrusted, logRetired, outsideTemporalInterval

    static func of(_ value: SCTDisposition) -> Self {
        switch value {
        case .counted: return .counted
        case .unknownLog: return .unknownLog
        case .badSignature: return .badSignature
        case .timestampInFuture: return .timestampInFuture
        case .logNotTrusted: return .logNotTrusted
        case .logRetired: return .logRetired
        case .outsideTemporalInterval: return .outsideTemporalInterval
        }
    }

    var sample: SCTDisposition {
        switch self {
        case .counted: return .counted(current: true)
        case .unknownLog: return .unknownLog
        case .badSignature: return .badSignature(.entryTooLong)
        case .timestampInFuture: return .timestampInFuture
        case .logNotTrusted: return .logNotTrusted(.pending)
        case .logRetired: return .logRetired(since: 0)
        case .outsideTemporalInterval: return .outsideTemporalInterval
        }
    }
}

/// `ServerTrustFailure`'s cases, one each: `of` is exhaustive, so a new case does not
/// compile until it is named here, and `sample` then needs a value of it.
private enum ServerTrustFailureCase: CaseIterable {
    case noRequiredEvaluator, noCertificatesFound, noPublicKeysFound, defaultEvaluationFailed, hostValidationFailed, certificatePinningFailed, publicKeyPinningFailed, customEvaluationFailed, domainValidationRequiresPinning, pinSetExpired, revocationCheckFailed

    static func of(_ value: ServerTrustFailure) -> Self {
        switch value {
        case .noRequiredEvaluator: return .noRequiredEvaluator
        case .noCertificatesFound: return .noCertificatesFound
        case .noPublicKeysFound: return .noPublicKeysFound
        case .defaultEvaluationFailed: return .defaultEvaluationFailed
        case .hostValidationFailed: return .hostValidationFailed
        case .certificatePinningFailed: return .certificatePinningFailed
        case .publicKeyPinningFailed: return .publicKeyPinningFailed
        case .customEvaluationFailed: return .customEvaluationFailed
        case .domainValidationRequiresPinning: return .domainValidationRequiresPinning
        case .pinSetExpired: return .pinSetExpired
        case .revocationCheckFailed: return .revocationCheckFailed
        }
    }

    var sample: ServerTrustFailure {
        switch self {
        case .noRequiredEvaluator: return .noRequiredEvaluator(host: "example.com")
        case .noCertificatesFound: return .noCertificatesFound
        case .noPublicKeysFound: return .noPublicKeysFound
        case .defaultEvaluationFailed: return .defaultEvaluationFailed(.unknownIssuer(index: 0))
        case .hostValidationFailed: return .hostValidationFailed(.hostnameMismatch(presented: PresentedNames([GeneralName(kind: .dnsName, value: Array("other.example".utf8)[...])])))
        case .certificatePinningFailed: return .certificatePinningFailed(host: "example.com", served: [], pinned: [])
        case .publicKeyPinningFailed: return .publicKeyPinningFailed(host: "example.com", served: [], pinned: [])
        case .customEvaluationFailed: return .customEvaluationFailed("refused")
        case .domainValidationRequiresPinning: return .domainValidationRequiresPinning
        case .pinSetExpired: return .pinSetExpired(host: "example.com")
        case .revocationCheckFailed: return .revocationCheckFailed(.revocationUnknown(index: 0, .noOCSPResponse))
        }
    }
}

/// `PKCS12Error`'s cases, one each: `of` is exhaustive, so a new case does not
/// compile until it is named here, and `sample` then needs a value of it.
private enum PKCS12ErrorCase: CaseIterable {
    case inputTooLarge, malformed, unsupportedVersion, signedDataNotSupported, unsupportedContentType, macVerificationFailed, missingMAC, unsupportedMACAlgorithm, pbmac1KeyLengthMissing, pbmac1KeyLengthOutOfRange, unsupportedAlgorithm, decryptionFailed, iterationLimitExceeded, workLimitExceeded, nestingTooDeep, tooManyBags, decryptedSizeExceeded, invalidParameters, invalidPrivateKey, unsupportedKeyAlgorithm

    static func of(_ value: PKCS12Error) -> Self {
        switch value {
        case .inputTooLarge: return .inputTooLarge
        case .malformed: return .malformed
        case .unsupportedVersion: return .unsupportedVersion
        case .signedDataNotSupported: return .signedDataNotSupported
        case .unsupportedContentType: return .unsupportedContentType
        case .macVerificationFailed: return .macVerificationFailed
        case .missingMAC: return .missingMAC
        case .unsupportedMACAlgorithm: return .unsupportedMACAlgorithm
        case .pbmac1KeyLengthMissing: return .pbmac1KeyLengthMissing
        case .pbmac1KeyLengthOutOfRange: return .pbmac1KeyLengthOutOfRange
        case .unsupportedAlgorithm: return .unsupportedAlgorithm
        case .decryptionFailed: return .decryptionFailed
        case .iterationLimitExceeded: return .iterationLimitExceeded
        case .workLimitExceeded: return .workLimitExceeded
        case .nestingTooDeep: return .nestingTooDeep
        case .tooManyBags: return .tooManyBags
        case .decryptedSizeExceeded: return .decryptedSizeExceeded
        case .invalidParameters: return .invalidParameters
        case .invalidPrivateKey: return .invalidPrivateKey
        case .unsupportedKeyAlgorithm: return .unsupportedKeyAlgorithm
        }
    }

    var sample: PKCS12Error {
        switch self {
        case .inputTooLarge: return .inputTooLarge(size: 2, limit: 1)
        case .malformed: return .malformed(.pfx, DERError(.truncated, at: 0))
        case .unsupportedVersion: return .unsupportedVersion(2)
        case .signedDataNotSupported: return .signedDataNotSupported
        case .unsupportedContentType: return .unsupportedContentType(OID(dotted: "1.2.840.113549.1.7.3")!)
        case .macVerificationFailed: return .macVerificationFailed
        case .missingMAC: return .missingMAC
        case .unsupportedMACAlgorithm: return .unsupportedMACAlgorithm(OID(dotted: "1.2.3")!)
        case .pbmac1KeyLengthMissing: return .pbmac1KeyLengthMissing
        case .pbmac1KeyLengthOutOfRange: return .pbmac1KeyLengthOutOfRange(keyLength: 1, minimum: 32, maximum: 64)
        case .unsupportedAlgorithm: return .unsupportedAlgorithm(.oid(OID(dotted: "1.2.3")!))
        case .decryptionFailed: return .decryptionFailed
        case .iterationLimitExceeded: return .iterationLimitExceeded(requested: 2, limit: 1)
        case .workLimitExceeded: return .workLimitExceeded(limit: 1)
        case .nestingTooDeep: return .nestingTooDeep(limit: 1)
        case .tooManyBags: return .tooManyBags(limit: 1)
        case .decryptedSizeExceeded: return .decryptedSizeExceeded(limit: 1)
        case .invalidParameters: return .invalidParameters(.zeroIterations)
        case .invalidPrivateKey: return .invalidPrivateKey(.scalarOutOfRange)
        case .unsupportedKeyAlgorithm: return .unsupportedKeyAlgorithm(.oid(OID(dotted: "1.2.3")!))
        }
    }
}


/// `SymmetricError`'s cases, one each: `of` is exhaustive, so a new case does not
/// compile until it is named here, and `sample` then needs a value of it.
private enum SymmetricErrorCase: CaseIterable {
    case invalidKeyLength, invalidIVLength, ciphertextLength, badPadding

    static func of(_ value: SymmetricError) -> Self {
        switch value {
        case .invalidKeyLength: return .invalidKeyLength
        case .invalidIVLength: return .invalidIVLength
        case .ciphertextLength: return .ciphertextLength
        case .badPadding: return .badPadding
        }
    }

    var sample: SymmetricError {
        switch self {
        case .invalidKeyLength: return .invalidKeyLength(15)
        case .invalidIVLength: return .invalidIVLength(7)
        case .ciphertextLength: return .ciphertextLength(17)
        case .badPadding: return .badPadding
        }
    }
}

private enum SystemTrustStoreErrorCase: CaseIterable {
    case noBundleFound, unreadable, malformedBundle, noCertificate

    static func of(_ value: SystemTrustStoreError) -> Self {
        switch value {
        case .noBundleFound: return .noBundleFound
        case .unreadable: return .unreadable
        case .malformedBundle: return .malformedBundle
        case .noCertificate: return .noCertificate
        }
    }

    var sample: SystemTrustStoreError {
        switch self {
        case .noBundleFound: return .noBundleFound(searched: ["/etc/ssl/cert.pem"])
        case .unreadable: return .unreadable(path: "/etc/ssl/cert.pem", reason: "not found")
        case .malformedBundle: return .malformedBundle(path: "/etc/ssl/cert.pem", failure: .unterminated(block: 0))
        case .noCertificate: return .noCertificate(searched: ["/etc/ssl/cert.pem"])
        }
    }
}
