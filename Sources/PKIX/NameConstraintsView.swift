import DER

extension Certificate {
    /// The base names of the permitted subtrees, or an empty list.
    public var permittedSubtrees: [GeneralName] { subtreeBases(extensions.nameConstraints?.permittedSubtrees) }

    /// The base names of the excluded subtrees, or an empty list.
    public var excludedSubtrees: [GeneralName] { subtreeBases(extensions.nameConstraints?.excludedSubtrees) }

    private func subtreeBases(_ list: Range<Int>?) -> [GeneralName] {
        guard let list else { return [] }
        return withReader(list) { reader in
            var bases: [GeneralName] = []
            while let subtree = try? reader.read(.sequence) {
                var fields = reader.reader(over: subtree.value, depth: 0)
                guard let base = try? GeneralName.read(&fields, context: .constraint) else { break }
                bases.append(base)
            }
            return bases
        }
    }
}
