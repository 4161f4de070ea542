import DER

extension Certificate {
    /// The base names of the permitted subtrees, or an empty list.
    public var permittedSubtrees: [GeneralName] { subtreeBases(storage.extensions.nameConstraints?.permittedSubtrees) }

    /// The base names of the excluded subtrees, or an empty list.
    public var excludedSubtrees: [GeneralName] { subtreeBases(storage.extensions.nameConstraints?.excludedSubtrees) }

    private func subtreeBases(_ list: Range<Int>?) -> [GeneralName] {
        guard let list else { return [] }
        let der = self.der
        return withReader(list) { reader in
            var bases: [GeneralName] = []
            while let subtree = try? reader.read(.sequence) {
                var fields = reader.reader(over: subtree.value, depth: 0)
                guard let base = try? GeneralName.read(&fields, context: .constraint) else { break }
                bases.append(GeneralName(kind: base.kind, value: der[base.value]))
            }
            return bases
        }
    }
}
