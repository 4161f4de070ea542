import Foundation
import PureX509
import Testing
// PKCS12's BER rules are internal: the module raises them and maps some.
@testable import PKCS12

// A `DERError`'s stable code is its rule's number (DERError's doc comment
// says why not the name). Rules are values, not cases: higher layers add
// theirs in `extension DERError.Rule`, so no switch can list them all. The
// list below names every one by hand, and `everyDeclaredRuleIsListed` reads
// the declarations in Sources/ so that a rule added in any module fails
// here until it is listed (and then fails the committed list until
// codes.txt has its number).

/// The DER layer's rules (codes 1–99), in declaration order.
private let derRules: [DERError.Rule] = [
    .truncated, .indefiniteLength, .nonMinimalLength, .lengthFieldTooLong, .lengthPastEnd, .trailingBytes,
    .highTagNumber, .unexpectedTag, .nestingTooDeep, .emptyInteger, .nonMinimalInteger, .integerOutOfRange,
    .invalidBoolean, .nullWithContent, .emptyBitString, .bitStringUnusedBitsTooLarge, .bitStringUnusedBitsOnEmpty,
    .bitStringNonZeroPadding, .emptyOID, .oidLeadingZeroOctet, .oidTruncated, .oidSubidentifierTooLarge,
    .invalidTimeFormat, .timeFieldOutOfRange,
]

/// PKIX's certificate, CRL and OCSP structure rules (codes 100–199).
private let pkixRules: [DERError.Rule] = [
    .unsupportedVersion, .explicitDefaultValue, .signatureAlgorithmMismatch, .uniqueIdentifierInV1,
    .extensionsBeforeV3, .emptyExtensions, .duplicateExtension, .tooManyExtensions, .invalidExtension,
    .invalidString, .emptyRelativeDistinguishedName, .emptyGeneralNames, .invalidIPAddress, .nonASCIIName,
    .emptySubjectWithoutCriticalSAN, .emptyKeyUsage, .pathLengthOutOfRange, .invalidNameConstraints,
    .invalidPublicKey, .invalidPolicies, .invalidSignatureValue, .unsupportedCRLVersion, .extensionsInV1CRL,
    .emptyRevokedCertificates, .invalidCRLNumber, .invalidIssuingDistributionPoint, .invalidReasonCode,
    .crlTooLarge, .unknownOCSPResponseStatus, .missingOCSPResponseBytes, .unexpectedOCSPResponseBytes,
    .unsupportedOCSPResponseType, .unsupportedOCSPVersion, .invalidResponderID, .tooManyOCSPItems,
]

/// PKCS12's BER and bag rules (codes 400–419).
private let pkcs12Rules: [DERError.Rule] = [
    .indefinitePrimitive, .missingEndOfContents, .mixedStringSegments, .unsupportedPRF, .duplicateAttribute,
]

/// Every rule, by the module that declares it.
private let derErrorRules = derRules + pkixRules + pkcs12Rules

/// `(rule name, code)` for every rule, the code read from an error as
/// callers read it.
let derErrorCodes = derErrorRules.map { (name: $0.name, code: String(DERError($0, at: 0).code)) }

/// Each rule's declaration in Sources/, as "code name": the rules are
/// values, so reading the source is the only way to find one nobody listed.
private func declaredRules() throws -> [String] {
    let sources = repository.appendingPathComponent("Sources")
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
    var declared: [String] = []
    for case let file as URL in files where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        for match in text.matches(of: #/(?:Self|Rule)\(\s*code:\s*(\d+)\s*,\s*name:\s*"([^"]*)"\s*\)/#) {
            declared.append("\(match.1) \(match.2)")
        }
    }
    return declared
}

/// The hand-made list holds exactly the rules declared in Sources/, each once.
@Test func everyDeclaredRuleIsListed() throws {
    let declared = try declaredRules()
    let listed = derErrorRules.map { "\($0.code) \($0.name)" }
    // The scan itself must see the three modules' rules, or it proves nothing.
    #expect(declared.count >= 60)
    #expect(declared.filter { !listed.contains($0) } == [], "rules declared in Sources/ but not listed in the test")
    #expect(listed.filter { !declared.contains($0) } == [], "listed rules no declaration in Sources/ gives")
    #expect(listed.count == Set(listed).count, "a rule is listed twice")
}

/// Equality compares codes alone, so two rules sharing a number would be
/// the same rule to every `catch where error.rule == …`.
@Test func ruleCodesAreUnique() throws {
    var byCode: [UInt16: [String]] = [:]
    for rule in derErrorRules { byCode[rule.code, default: []].append(rule.name) }
    #expect(byCode.filter { $0.value.count > 1 } == [:])
    let declaredCodes = try declaredRules().map { line in line.prefix { $0 != " " } }
    #expect(declaredCodes.count == Set(declaredCodes).count, "two declarations in Sources/ share a code")
}

/// Each layer keeps to its band of numbers (DERError.swift, PKIXRules.swift,
/// PKCS12Error.swift say which), so a new rule's number says where it lives.
@Test func ruleCodesKeepToTheirLayersBands() {
    let bands: [(ClosedRange<UInt16>, [DERError.Rule])] = [(1...99, derRules), (100...199, pkixRules), (400...419, pkcs12Rules)]
    for (band, rules) in bands { #expect(rules.filter { !band.contains($0.code) }.map(\.name) == []) }
}
