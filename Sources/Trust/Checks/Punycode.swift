// RFC 3492 Punycode encoding, for the Public Suffix List's internationalised
// rules: the list writes them as U-labels (公司.cn), host patterns and
// reference names are A-labels (xn--55qx5d.cn), and the two must be compared
// in one form, or a rule would miss the hosts it names. Decoding checks
// A-labels in the tool's --host names: an A-label must be the canonical
// encoding of a valid U-label, or two spellings would name one host.

/// RFC 3492 Punycode: Unicode scalars to the ASCII of an A-label's tail and back.
package enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN: UInt32 = 0x80

    /// The A-label of a UTF-8 label ("xn--" + Punycode), the label itself
    /// when it is ASCII, nil when it is not valid UTF-8 or too long to encode.
    static func aLabel(_ label: ArraySlice<UInt8>) -> [UInt8]? {
        guard label.contains(where: { $0 >= 0x80 }) else { return Array(label) }
        var scalars: [UInt32] = []
        var decoder = UTF8()
        var bytes = label.makeIterator()
        loop: while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar): scalars.append(scalar.value)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        guard let encoded = encode(scalars) else { return nil }
        return Array("xn--".utf8) + encoded
    }

    /// RFC 3492 §6.3, with the overflow checks of §6.4 (a label's 63 octets
    /// never come near them; a hostile list line might).
    package static func encode(_ input: [UInt32]) -> [UInt8]? {
        var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN, delta = 0, bias = initialBias, handled = basicCount
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = Int(next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - step else { return nil }
            delta += step
            n = next
            for scalar in input {
                if scalar < n { delta += 1 }
                guard scalar == n else { continue }
                var q = delta, k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// RFC 3492 §6.2: the code points of a Punycode string (without its
    /// `xn--`), nil when it is malformed: a non-basic code point before the
    /// last `-`, a digit outside a–z/A–Z/0–9, input that ends inside a
    /// number, a result past U+10FFFF or a surrogate, or an overflow (§6.4).
    package static func decode(_ input: [UInt8]) -> [UInt32]? {
        var output: [UInt32] = []
        var position = 0
        if let delimiter = input.lastIndex(of: UInt8(ascii: "-")) {
            for byte in input[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
            position = delimiter + 1
        }
        var n = initialN, i = 0, bias = initialBias
        while position < input.count {
            let oldI = i
            var w = 1, k = base
            while true {
                guard position < input.count, let value = digitValue(input[position]) else { return nil }
                position += 1
                let (step, overflow) = value.multipliedReportingOverflow(by: w)
                guard !overflow, i <= Int(Int32.max) - step else { return nil }
                i += step
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if value < t { break }
                let (next, wOverflow) = w.multipliedReportingOverflow(by: base - t)
                guard !wOverflow, next <= Int(Int32.max) else { return nil }
                w = next
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, points: count, first: oldI == 0)
            guard i / count <= 0x10FFFF - Int(n) else { return nil }
            n += UInt32(i / count)
            i %= count
            guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return nil }
            output.insert(n, at: i)
            i += 1
        }
        return output
    }

    /// a–z and A–Z are 0–25, 0–9 are 26–35.
    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0")) + 26
        default: return nil
        }
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// 0–25 are a–z, 26–35 are 0–9.
    private static func digit(_ value: Int) -> UInt8 { value < 26 ? UInt8(97 + value) : UInt8(22 + value) }
}
