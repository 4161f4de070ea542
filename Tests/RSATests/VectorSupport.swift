import BigNum
import Foundation
import SHA2

let vectorsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Vectors")

func hexBytes<S: StringProtocol>(_ text: S) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 2)
    var index = text.startIndex
    if text.count % 2 == 1 {
        bytes.append(UInt8(text[index...index], radix: 16)!)
        index = text.index(after: index)
    }
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

func hashAlgorithm(_ name: String) -> HashAlgorithm? {
    switch name.uppercased().replacingOccurrences(of: "-", with: "") {
    case "SHA256": return .sha256
    case "SHA384": return .sha384
    case "SHA512": return .sha512
    default: return nil
    }
}
