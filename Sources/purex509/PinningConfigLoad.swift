import Foundation
import PureX509
import PureX509Config

extension PinningConfigFile {
    /// Reads `path`; on any problem prints `purex509: FILE, line L, column C: PATH: reason` and exits 2.
    static func load(_ path: String) throws -> PinningConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("purex509: cannot read \(DisplayText.escaped(path))")
            throw ToolExit.usage
        }
        let suffixes = FileManager.default.contents(atPath: "/usr/share/publicsuffix/public_suffix_list.dat")
            .map { PublicSuffixList(text: [UInt8]($0)) } ?? .topLevelOnly
        do {
            return try parse([UInt8](data), publicSuffixes: suffixes)
        } catch {
            printError("purex509: \(DisplayText.escaped(path)), \(error)")
            throw ToolExit.usage
        }
    }
}
