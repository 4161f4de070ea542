// The size-first configuration's SHA-256 and SHA-512 compression (the
// SizeFirst trait, docs/embedded.md): FIPS 180-4 §6.2.2 and §6.4.2 as a loop
// over the rounds, the schedule in a ring of sixteen words on the stack.
// The default writes every round out (about 8 KB and 5 KB of wasm code);
// a loop is a few hundred bytes, and slower. Both are compiled in either
// configuration, so that the tests hold them to the same states.

extension SHA256.Compression {
    static func compressRolled(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
            for block in 0..<count {
                let input = blocks + block * 64
                for i in 0..<16 {
                    w[i] = UInt32(bigEndian: input.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                }
                var (a, b, c, d, e, f, g, h) = state
                for t in 0..<64 {
                    if t >= 16 {
                        w[t & 15] = smallSigma1(w[(t - 2) & 15]) &+ w[(t - 7) & 15] &+ smallSigma0(w[(t - 15) & 15]) &+ w[t & 15]
                    }
                    let t1 = h &+ bigSigma1(e) &+ ch(e, f, g) &+ roundConstants[t] &+ w[t & 15]
                    let t2 = bigSigma0(a) &+ ((a & b) ^ (a & c) ^ (b & c))
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                }
                state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                         state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
            }
        }
    }
}

extension SHA512Compression {
    static func compressRolled(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { w in
            for block in 0..<count {
                let input = blocks + block * 128
                for i in 0..<16 {
                    w[i] = UInt64(bigEndian: input.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
                }
                var (a, b, c, d, e, f, g, h) = state
                for t in 0..<80 {
                    if t >= 16 {
                        w[t & 15] = smallSigma1(w[(t - 2) & 15]) &+ w[(t - 7) & 15] &+ smallSigma0(w[(t - 15) & 15]) &+ w[t & 15]
                    }
                    let t1 = h &+ bigSigma1(e) &+ ch(e, f, g) &+ k[t] &+ w[t & 15]
                    let t2 = bigSigma0(a) &+ ((a & b) ^ (a & c) ^ (b & c))
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                }
                state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                         state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
            }
        }
    }
}
