// RFC 3492 Punycode encoding, for the Public Suffix List's internationalised
// rules: the list writes them as U-labels (公司.cn), host patterns and
// reference names are A-labels (xn--55qx5d.cn), and the two must be compared
// in one form (issue 12). Encoding only: nothing here decodes.

enum Punycode {
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
    static func encode(_ input: [UInt32]) -> [UInt8]? {
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
