import PureX509
import PureX509Config

/// `verify --ats FILE`: an Info.plist (or a bare ATS dictionary) read
/// through `InputFile.read` like every file the tool takes, decoded by
/// PureX509Config's `ATSPlistFile`. A file that cannot be read, is not an
/// XML or binary property list, or holds a wrong type or a malformed pin
/// stops the command with exit 2, naming the key's path; keys that were not
/// applied are warnings on standard error.
struct ATSInput {
    let name: String
    let loaded: ATSPlistFile.Loaded

    static func load(_ path: String) throws -> ATSInput {
        let name = InputFile.displayName(path)
        let bytes = try InputFile.readOrStop(path)
        let loaded: ATSPlistFile.Loaded
        do {
            loaded = try ATSPlistFile.parse(bytes)
        } catch {
            printError("purex509: --ats \(name): \(DisplayText.escaped(error.description))")
            throw ToolExit.usage
        }
        for warning in loaded.warnings {
            printError("purex509: warning: --ats \(name): \(DisplayText.escaped(warning.description))")
        }
        if loaded.omittedWarnings > 0 {
            printError("purex509: warning: --ats \(name): \(loaded.omittedWarnings) more warnings not shown")
        }
        return ATSInput(name: name, loaded: loaded)
    }
}
