// A small DER tree for tests that rewrite files: re-encode them as BER,
// change one field, nest or join bags. Test-only; trusts its input.

indirect enum ASN1Node: Equatable {
    case primitive(tag: UInt8, bytes: [UInt8])
    case constructed(tag: UInt8, children: [ASN1Node])

    var tag: UInt8 {
        switch self {
        case .primitive(let tag, _), .constructed(let tag, _): return tag
        }
    }

    var children: [ASN1Node] {
        if case .constructed(_, let children) = self { return children }
        return []
    }

    var bytes: [UInt8] {
        if case .primitive(_, let bytes) = self { return bytes }
        return []
    }

    /// Parses one DER element filling `bytes`.
    static func parse(_ bytes: [UInt8]) -> ASN1Node {
        var position = 0
        let node = parse(bytes, &position)
        precondition(position == bytes.count)
        return node
    }

    private static func parse(_ bytes: [UInt8], _ position: inout Int) -> ASN1Node {
        let tag = bytes[position]
        var length = Int(bytes[position + 1])
        position += 2
        if length & 0x80 != 0 {
            let count = length & 0x7F
            length = 0
            for _ in 0..<count { length = length << 8 | Int(bytes[position]); position += 1 }
        }
        let end = position + length
        if tag & 0x20 == 0 {
            defer { position = end }
            return .primitive(tag: tag, bytes: Array(bytes[position..<end]))
        }
        var children: [ASN1Node] = []
        while position < end { children.append(parse(bytes, &position)) }
        return .constructed(tag: tag, children: children)
    }

    /// DER.
    var der: [UInt8] {
        switch self {
        case .primitive(let tag, let bytes): return [tag] + Self.length(bytes.count) + bytes
        case .constructed(let tag, let children):
            let content = children.flatMap(\.der)
            return [tag] + Self.length(content.count) + content
        }
    }

    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var octets: [UInt8] = []
        var rest = count
        while rest > 0 { octets.insert(UInt8(rest & 0xFF), at: 0); rest >>= 8 }
        return [0x80 | UInt8(octets.count)] + octets
    }

    /// BER as Windows and Keychain write it: every constructed element with
    /// an indefinite length, every OCTET STRING (and [0] IMPLICIT encrypted
    /// content) cut into `chunk`-byte segments. `descend` says whether a
    /// primitive's content is itself a structure to re-encode (the
    /// AuthenticatedSafe and SafeContents inside data ContentInfos).
    func ber(chunk: Int, descend: (ASN1Node, [ASN1Node]) -> Bool, ancestors: [ASN1Node] = []) -> [UInt8] {
        switch self {
        case .constructed(let tag, let children):
            return [tag, 0x80] + children.flatMap { $0.ber(chunk: chunk, descend: descend, ancestors: ancestors + [self]) } + [0, 0]
        case .primitive(let tag, let bytes):
            var content = bytes
            if tag == 0x04, descend(self, ancestors) {
                content = ASN1Node.parse(bytes).ber(chunk: chunk, descend: descend)
            }
            guard tag == 0x04 || tag == 0x80, content.count > chunk else { return [tag] + Self.length(content.count) + content }
            var segments: [UInt8] = []
            var start = 0
            while start < content.count {
                let end = min(start + chunk, content.count)
                segments += [0x04] + Self.length(end - start) + content[start..<end]
                start = end
            }
            return [tag | 0x20, 0x80] + segments + [0, 0]
        }
    }

    /// The node at `path` (child indexes from here).
    subscript(path: [Int]) -> ASN1Node {
        get { path.isEmpty ? self : children[path[0]][Array(path.dropFirst())] }
        set {
            guard let first = path.first else { self = newValue; return }
            var kids = children
            kids[first][Array(path.dropFirst())] = newValue
            self = .constructed(tag: tag, children: kids)
        }
    }
}

let pkcs7DataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]

/// Whether an OCTET STRING is the content of a `data` ContentInfo: [0] under a SEQUENCE that starts with pkcs7-data.
func isDataContent(_ node: ASN1Node, _ ancestors: [ASN1Node]) -> Bool {
    guard ancestors.count >= 2, ancestors[ancestors.count - 1].tag == 0xA0 else { return false }
    let info = ancestors[ancestors.count - 2]
    return info.children.first == .primitive(tag: 0x06, bytes: pkcs7DataOID)
}

/// The SafeContents of a file without MAC or encryption, as trees (one per data ContentInfo).
func plainSafeContents(_ file: [UInt8]) -> [ASN1Node] {
    let pfx = ASN1Node.parse(file)
    let authSafe = ASN1Node.parse(pfx[[1, 1, 0]].bytes)
    return authSafe.children.map { ASN1Node.parse($0[[1, 0]].bytes) }
}

/// A PFX without MAC whose AuthenticatedSafe holds one data ContentInfo per SafeContents.
func plainFile(_ safeContents: [ASN1Node], version: UInt8 = 3) -> [UInt8] {
    func dataInfo(_ content: [UInt8]) -> ASN1Node {
        .constructed(tag: 0x30, children: [.primitive(tag: 0x06, bytes: pkcs7DataOID),
                                           .constructed(tag: 0xA0, children: [.primitive(tag: 0x04, bytes: content)])])
    }
    let authSafe = ASN1Node.constructed(tag: 0x30, children: safeContents.map { dataInfo($0.der) })
    return ASN1Node.constructed(tag: 0x30, children: [.primitive(tag: 0x02, bytes: [version]), dataInfo(authSafe.der)]).der
}
