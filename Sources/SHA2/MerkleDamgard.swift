// The buffering and padding SHA-256 and SHA-512 share (FIPS 180-4 §5.1):
// whole blocks go straight from the caller's bytes to the compression
// function; only a tail is copied into the inline buffer.

/// A SHA-2 compression function and its parameters.
protocol CompressionFunction {
    associatedtype State: Sendable

    /// 64 for SHA-256, 128 for SHA-512.
    static var blockSize: Int { get }
    /// Bytes of the big-endian message length at the end of the padding: 8 or 16.
    static var lengthSize: Int { get }
    /// Compresses `count` consecutive blocks starting at `blocks`.
    static func compress(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int)
}

struct MerkleDamgard<F: CompressionFunction>: Sendable {
    typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                       UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    var state: F.State
    var buffer: Block = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var buffered = 0
    /// Message length in bytes; FIPS 180-4 bounds it by 2^64 bits for SHA-256,
    /// which a byte count of 2^61 reaches first. Wrapping beyond is harmless here.
    var length: UInt64 = 0

    init(state: F.State) { self.state = state }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var input = bytes.baseAddress, !bytes.isEmpty else { return }
        var remaining = bytes.count
        length &+= UInt64(remaining)
        let blockSize = F.blockSize
        if buffered > 0 {
            let take = min(blockSize - buffered, remaining)
            withUnsafeMutableBytes(of: &buffer) { $0.baseAddress!.advanced(by: buffered).copyMemory(from: input, byteCount: take) }
            buffered += take
            input += take
            remaining -= take
            guard buffered == blockSize else { return }
            withUnsafeBytes(of: buffer) { F.compress(&state, $0.baseAddress!, count: 1) }
            buffered = 0
        }
        let whole = remaining / blockSize
        if whole > 0 {
            F.compress(&state, input, count: whole)
            input += whole * blockSize
            remaining -= whole * blockSize
        }
        if remaining > 0 {
            withUnsafeMutableBytes(of: &buffer) { $0.baseAddress!.copyMemory(from: input, byteCount: remaining) }
            buffered = remaining
        }
    }

    /// The state after padding a copy of this hash (FIPS 180-4 §5.1.1, §5.1.2).
    func finalState() -> F.State {
        var copy = self
        let blockSize = F.blockSize
        let bitLength = length << 3
        let highBits = length >> 61
        withUnsafeMutableBytes(of: &copy.buffer) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            bytes[copy.buffered] = 0x80
            var end = copy.buffered + 1
            if end > blockSize - F.lengthSize {
                for i in end..<blockSize { bytes[i] = 0 }
                F.compress(&copy.state, raw.baseAddress!, count: 1)
                end = 0
            }
            for i in end..<(blockSize - 8) { bytes[i] = 0 }
            if F.lengthSize == 16 { raw.storeBytes(of: highBits.bigEndian, toByteOffset: blockSize - 16, as: UInt64.self) }
            raw.storeBytes(of: bitLength.bigEndian, toByteOffset: blockSize - 8, as: UInt64.self)
            F.compress(&copy.state, raw.baseAddress!, count: 1)
        }
        return copy.state
    }
}
