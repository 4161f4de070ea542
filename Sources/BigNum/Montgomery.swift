/// Why a modulus cannot carry a Montgomery context.
public enum BigNumError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Montgomery reduction needs an odd modulus greater than one.
    case modulusNotOddOrTooSmall
    /// An operand is not below the modulus.
    case operandTooLarge

    /// A short English explanation of the failure.
    public var description: String {
        switch self {
        case .modulusNotOddOrTooSmall: return "modulus must be odd and greater than 1"
        case .operandTooLarge: return "operand is not below the modulus"
        }
    }
}

/// Montgomery arithmetic modulo an odd n of k limbs, with R = 2^(64k).
///
/// Set up once per modulus: n′ = −n⁻¹ mod 2^64 by Newton iteration, and
/// the normalised modulus that conversion into Montgomery form divides by
/// (MontgomeryConversion.swift), so no multi-limb division is ever needed.
public struct MontgomeryContext: Sendable {
    /// n, odd and greater than 1; operands are k-limb values below it.
    public let modulus: BigUInt
    /// −n⁻¹ mod 2^64.
    let n0: UInt64
    let divisor: Divisor

    /// k, the modulus's limb count: the operand width, with R = 2^(64k).
    @usableFromInline package var limbCount: Int { modulus.limbs.count }

    /// Precomputes n′ and the conversion divisor; throws `modulusNotOddOrTooSmall` unless n is odd and above 1.
    public init(modulus: BigUInt) throws(BigNumError) {
        guard let low = modulus.limbs.first, low & 1 == 1, modulus.bitWidth > 1 else {
            throw .modulusNotOddOrTooSmall
        }
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits each step: 1 → 64 in 6.
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- low &* inverse) }
        n0 = 0 &- inverse
        divisor = Divisor(modulus)
    }

    static func isBelow(_ a: UnsafeBufferPointer<UInt64>, _ n: UnsafeBufferPointer<UInt64>) -> Bool {
        var i = a.count - 1
        while i >= 0 {
            if a[i] != n[i] { return a[i] < n[i] }
            i -= 1
        }
        return false
    }
}
