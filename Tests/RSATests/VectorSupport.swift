import BigNum
import Foundation
import SHA2
import TestSupport

let vectorsRoot = Vectors.root

func hashAlgorithm(_ name: String) -> HashAlgorithm? {
    switch name.uppercased().replacingOccurrences(of: "-", with: "") {
    case "SHA256": return .sha256
    case "SHA384": return .sha384
    case "SHA512": return .sha512
    default: return nil
    }
}
