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

        init(_ text: String) {
            var pvalid: [(UInt32, UInt32, UInt8)] = []
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ")
                let tag = fields[0]
                let numbers = fields.dropFirst().map { UInt32($0, radix: 16) }
                switch tag {
                case "U":
                    mapStarts.append(numbers[0]!)
                    mapStatus.append(fields[2].utf8.first!)
                    mapReplacement.append(fields.dropFirst(3).map { UInt32($0, radix: 16)! })
                case "P", "J", "O": pvalid.append((numbers[0]!, numbers[1]!, tag.utf8.first!))
                case "T": joinFirst.append(numbers[0]!); joinLast.append(numbers[1]!); joinType.append(fields[3].utf8.first!)
                case "S": scriptFirst.append(numbers[0]!); scriptLast.append(numbers[1]!); scriptName.append(fields[3].utf8.first!)
                case "B": bidiStarts.append(numbers[0]!); bidiClasses.append(String(fields[2]))
                case "M": markFirst.append(numbers[0]!); markLast.append(numbers[1]!)
                case "V": viramas.append(numbers[0]!)
                default: continue
                }
            }
            pvalid.sort { $0.0 < $1.0 }
            classFirst = pvalid.map(\.0); classLast = pvalid.map(\.1); classKind = pvalid.map(\.2)
            let joins = zip(zip(joinFirst, joinLast), joinType).sorted { $0.0.0 < $1.0.0 }
            joinFirst = joins.map(\.0.0); joinLast = joins.map(\.0.1); joinType = joins.map(\.1)
            let scripts = zip(zip(scriptFirst, scriptLast), scriptName).sorted { $0.0.0 < $1.0.0 }
            scriptFirst = scripts.map(\.0.0); scriptLast = scripts.map(\.0.1); scriptName = scripts.map(\.1)
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

