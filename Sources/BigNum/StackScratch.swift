/// Zeroed limbs on the caller's stack for one exponentiation, so that an
/// RSA verification allocates nothing. (`withUnsafeTemporaryAllocation`
/// takes the heap above 1 KiB, which a 2048-bit exponentiation's 2.6 KiB
/// exceeds.) Larger requests fall back to one heap block.
struct StackScratch {
    typealias Limbs16 = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                         UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    typealias Limbs64 = (Limbs16, Limbs16, Limbs16, Limbs16)

    /// 5.5 KiB: an exponentiation needs 10k + 2 limbs, so moduli up to
    /// 4,480 bits (RSA-4096's 642 limbs) stay on the stack. A smaller block
    /// (336 limbs) serves up to 2,112 bits, because zeroing the whole one
    /// cost 2 % of an RSA-2048 verification.
    static let limbCount = 11 * 64

    /// Runs `body` on `count` zeroed limbs.
    @inline(__always)
    static func with<R>(_ count: Int, _ body: (UnsafeMutablePointer<UInt64>) -> R) -> R {
        let zero16: Limbs16 = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let zero64: Limbs64 = (zero16, zero16, zero16, zero16)
        if count <= 5 * 64 + 16 {
            var storage = (zero64, zero64, zero64, zero64, zero64, zero16)
            return withUnsafeMutablePointer(to: &storage) { body(UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt64.self)) }
        }
        guard count <= limbCount else {
            var heap = [UInt64](repeating: 0, count: count)
            return heap.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        }
        var storage = (zero64, zero64, zero64, zero64, zero64, zero64, zero64, zero64, zero64, zero64, zero64)
        // A homogeneous tuple is laid out as an array of its element.
        return withUnsafeMutablePointer(to: &storage) { body(UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt64.self)) }
    }
}
