import BigNum
import CGMP

/// A GMP integer for reference results; the library never links GMP.
final class GMPInteger {
    /// Heap storage so that GMP may read and write one integer through two arguments.
    let value = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)

    init() { __gmpz_init(value) }

    convenience init(_ number: BigUInt) {
        self.init()
        number.limbs.withUnsafeBufferPointer { limbs in
            // order −1: least significant word first; 8-byte words; native endianness.
            __gmpz_import(value, limbs.count, -1, 8, 0, 0, limbs.baseAddress)
        }
    }

    deinit {
        __gmpz_clear(value)
        value.deallocate()
    }

    var bigUInt: BigUInt {
        let words = (Int(__gmpz_sizeinbase(value, 2)) + 63) / 64
        var limbs = [UInt64](repeating: 0, count: max(words, 1))
        var count = 0
        limbs.withUnsafeMutableBufferPointer { buffer in
            _ = __gmpz_export(buffer.baseAddress, &count, -1, 8, 0, 0, value)
        }
        return BigUInt(limbs: Array(limbs.prefix(count)))
    }

    static func power(_ base: BigUInt, _ exponent: BigUInt, _ modulus: BigUInt) -> BigUInt {
        let b = GMPInteger(base), e = GMPInteger(exponent), n = GMPInteger(modulus), r = GMPInteger()
        __gmpz_powm(r.value, b.value, e.value, n.value)
        return r.bigUInt
    }

    /// a·b·R⁻¹ mod n with R = 2^(64k).
    static func montgomeryProduct(_ a: BigUInt, _ b: BigUInt, _ modulus: BigUInt) -> BigUInt {
        let n = GMPInteger(modulus), r = GMPInteger(), inverse = GMPInteger(), product = GMPInteger()
        __gmpz_set_ui(r.value, 1)
        __gmpz_mul_2exp(r.value, r.value, UInt(64 * modulus.limbs.count))
        _ = __gmpz_invert(inverse.value, r.value, n.value)
        let x = GMPInteger(a), y = GMPInteger(b)
        __gmpz_mul(product.value, x.value, y.value)
        __gmpz_mul(product.value, product.value, inverse.value)
        __gmpz_mod(product.value, product.value, n.value)
        return product.bigUInt
    }
}
