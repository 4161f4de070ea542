// The generated IDNATables.text, read once into sorted arrays searched by
// bisection: parsing text at first use keeps the generated file plain data
// (one record a line) that a reviewer can diff against its sources.

extension IDNA {
    /// IDNATables.text, read once into sorted arrays searched by bisection.
    struct Tables: Sendable {
        static let shared = Tables(IDNATables.text)

        enum Mapping { case keep, replace([UInt32]), ignore, disallowed }
        enum IDNAClass { case pvalid, contextJ, contextO, disallowed }

        private var mapStarts: [UInt32] = [], mapStatus: [UInt8] = [], mapReplacement: [[UInt32]] = []
        private var classFirst: [UInt32] = [], classLast: [UInt32] = [], classKind: [UInt8] = []
        private var joinFirst: [UInt32] = [], joinLast: [UInt32] = [], joinType: [UInt8] = []
        private var scriptFirst: [UInt32] = [], scriptLast: [UInt32] = [], scriptName: [UInt8] = []
        private var bidiStarts: [UInt32] = [], bidiClasses: [String] = []
        private var markFirst: [UInt32] = [], markLast: [UInt32] = []
        private var viramas: [UInt32] = []

        /// The line of the text that did not read as a record (1-based), or
        /// nil. The text is generated and compiled in, so this stays nil; it
        /// is checked rather than trusted so that a damaged table refuses
        /// every name (`tables_damaged`) instead of stopping the program.
        private(set) var damagedLine: Int?

        init(_ text: String) {
            var pvalid: [(UInt32, UInt32, UInt8)] = []
            for (number, line) in text.split(separator: "\n").enumerated() {
                guard read(line, into: &pvalid) else {
                    damagedLine = number + 1
                    break
                }
            }
            pvalid.sort { $0.0 < $1.0 }
            classFirst = pvalid.map(\.0); classLast = pvalid.map(\.1); classKind = pvalid.map(\.2)
            let joins = zip(zip(joinFirst, joinLast), joinType).sorted { $0.0.0 < $1.0.0 }
            joinFirst = joins.map(\.0.0); joinLast = joins.map(\.0.1); joinType = joins.map(\.1)
            let scripts = zip(zip(scriptFirst, scriptLast), scriptName).sorted { $0.0.0 < $1.0.0 }
            scriptFirst = scripts.map(\.0.0); scriptLast = scripts.map(\.0.1); scriptName = scripts.map(\.1)
        }

        /// Appends one record of the text (a tag, then fields); false when a
        /// field is missing or a number is not hexadecimal. Nothing is
        /// appended from a record that fails, so parallel lists stay aligned.
        private mutating func read(_ line: Substring, into pvalid: inout [(UInt32, UInt32, UInt8)]) -> Bool {
            let fields = line.split(separator: " ")
            guard let tag = fields.first else { return false }
            func number(_ index: Int) -> UInt32? { index < fields.count ? UInt32(fields[index], radix: 16) : nil }
            func letter(_ index: Int) -> UInt8? { index < fields.count ? fields[index].utf8.first : nil }
            switch tag {
            case "U":
                let replacement = fields.dropFirst(3).compactMap { UInt32($0, radix: 16) }
                guard let start = number(1), let status = letter(2), replacement.count == max(0, fields.count - 3) else { return false }
                mapStarts.append(start); mapStatus.append(status); mapReplacement.append(replacement)
            case "P", "J", "O":
                guard let first = number(1), let last = number(2), let kind = tag.utf8.first else { return false }
                pvalid.append((first, last, kind))
            case "T":
                guard let first = number(1), let last = number(2), let type = letter(3) else { return false }
                joinFirst.append(first); joinLast.append(last); joinType.append(type)
            case "S":
                guard let first = number(1), let last = number(2), let name = letter(3) else { return false }
                scriptFirst.append(first); scriptLast.append(last); scriptName.append(name)
            case "B":
                guard let start = number(1), fields.count > 2 else { return false }
                bidiStarts.append(start); bidiClasses.append(String(fields[2]))
            case "M":
                guard let first = number(1), let last = number(2) else { return false }
                markFirst.append(first); markLast.append(last)
            case "V":
                guard let value = number(1) else { return false }
                viramas.append(value)
            default:
                break
            }
            return true
        }

        /// The last index whose start is at most `value`, or nil.
        private static func floor(_ starts: [UInt32], _ value: UInt32) -> Int? {
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= value { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : low - 1
        }

        private static func inRange(_ first: [UInt32], _ last: [UInt32], _ value: UInt32) -> Int? {
            guard let index = floor(first, value), value <= last[index] else { return nil }
            return index
        }

        func mapping(_ scalar: UInt32) -> Mapping {
            guard let index = Self.floor(mapStarts, scalar) else { return .disallowed }
            switch mapStatus[index] {
            case UInt8(ascii: "V"), UInt8(ascii: "D"): return .keep
            case UInt8(ascii: "M"): return .replace(mapReplacement[index])
            case UInt8(ascii: "I"): return .ignore
            default: return .disallowed
            }
        }

        func idnaClass(_ scalar: UInt32) -> IDNAClass {
            guard let index = Self.inRange(classFirst, classLast, scalar) else { return .disallowed }
            switch classKind[index] {
            case UInt8(ascii: "P"): return .pvalid
            case UInt8(ascii: "J"): return .contextJ
            default: return .contextO
            }
        }

        func joiningType(_ scalar: UInt32) -> UInt8? { Self.inRange(joinFirst, joinLast, scalar).map { joinType[$0] } }
        func script(_ scalar: UInt32) -> UInt8? { Self.inRange(scriptFirst, scriptLast, scalar).map { scriptName[$0] } }
        func bidiClass(_ scalar: UInt32) -> String { Self.floor(bidiStarts, scalar).map { bidiClasses[$0] } ?? "X" }
        func isMark(_ scalar: UInt32) -> Bool { Self.inRange(markFirst, markLast, scalar) != nil }
        func isVirama(_ scalar: UInt32) -> Bool { Self.floor(viramas, scalar).map { viramas[$0] == scalar } ?? false }
    }
}

