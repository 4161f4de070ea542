import DER

/// RFC 5280 §4.2.2.1: one AccessDescription of an authorityInfoAccess
/// extension, where to reach the issuer's services (OCSP, CA issuers) and
/// how, with the bytes of the certificate that holds it.
package struct AccessDescription: Sendable, Equatable {
    /// accessMethod: `id-ad-ocsp`, `id-ad-caIssuers`, or another method.
    package let method: OID
    /// accessLocation: usually a URI.
    package let location: GeneralName

    /// A description from its method and location, as a caller builds one to compare.
    package init(method: OID, location: GeneralName) {
        self.method = method
        self.location = location
    }
}

extension Certificate {
    /// The authorityInfoAccess descriptions in order; empty when the
    /// extension is absent. Parsing checked the value
    /// (`ExtensionValues.accessDescriptions`); this decodes what it checked,
    /// and stops at the first description that does not read.
    package var accessDescriptions: [AccessDescription] {
        guard let slot = storage.extensions.authorityInformationAccess else { return [] }
        let der = self.der
        return withReader(slot.value) { reader in
            var result: [AccessDescription] = []
            guard let outer = try? reader.read(.sequence), var descriptions = try? reader.nested(outer) else { return result }
            while let element = try? descriptions.read(.sequence), var fields = try? descriptions.nested(element),
                  let method = try? fields.readOID(),
                  let location = try? GeneralName.read(&fields, context: .alternativeName) {
                result.append(AccessDescription(method: OID(der: fields.copy(method)),
                                                location: GeneralName(kind: location.kind, value: der[location.value])))
            }
            return result
        }
    }
}
