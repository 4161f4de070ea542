@testable import EC
import TestSupport
import XCTest

/// The arithmetic under the ECDSA vectors, for each of the six moduli (p and
/// n of P-256, P-384, P-521): one product per modulus checked against Python's
/// integers (a·b·R⁻¹ mod m; R = 1 for the special-form p of P-384 and P-521), then ring identities over edge and pseudo-random operands — a
/// carry lost in a generated kernel breaks commutativity, distributivity or
/// square = product long before a signature vector notices. Then the
/// double-scalar multiplication through its exceptional cases.
final class ECDSAArithmeticTests: XCTestCase {
    static func limbs<L: LimbVector>(_ hex: String, as: L.Type = L.self) -> L {
        let bytes = hexBytes(hex)
        return L(bigEndianLength: bytes.count) { bytes[$0] }
    }

    /// Edge operands and pseudo-random ones, all below m.
    static func operands<M: PrimeModulus>(_: M.Type, count: Int, seed: UInt64) -> [M.Limbs] {
        let m = M.modulus
        var one = M.Limbs.zero
        one[0] = 1
        var two = M.Limbs.zero
        two[0] = 2
        var values = [M.Limbs.zero, one, two, M.Limbs.subtract(m, one).difference, M.Limbs.subtract(m, two).difference,
                      m.shiftedRight(by: 1), M.one, M.rSquared]
        var random = SplitMix64(state: seed)
        let top = M.Limbs.count - 1
        for _ in 0..<count {
            var value = M.Limbs.zero
            for i in 0..<M.Limbs.count { value[i] = random.next() }
            // Below m: the top limb below m's (every modulus here has a top limb above 1).
            value[top] %= m[top]
            // Every third value has runs of all-ones limbs, where carries chain.
            if values.count % 3 == 0 { for i in 0..<top where i % 2 == 0 { value[i] = ~0 } }
            values.append(value)
        }
        return values
    }

    func checkRing<M: PrimeModulus>(_ modulus: M.Type, _ name: String, a: String, b: String, product: String) {
        typealias R = Residue<M>
        let known = R(montgomery: Self.limbs(a)) * R(montgomery: Self.limbs(b))
        XCTAssertTrue(M.Limbs.equal(known.limbs, Self.limbs(product)), "\(name): known product")

        let values = Self.operands(M.self, count: 60, seed: UInt64(M.Limbs.count) &* 0x1234_5678)
        var checks = 0
        for (i, x) in values.enumerated() {
            let a = R(montgomery: x)
            XCTAssertTrue(M.Limbs.less(x, M.modulus), "\(name): operand \(i) not below m")
            XCTAssertTrue(a.squared() == a * a, "\(name): square ≠ product, operand \(i)")
            XCTAssertTrue(M.Limbs.equal(R(reduced: x).value, x), "\(name): into and out of Montgomery form, operand \(i)")
            if !a.isZero {
                XCTAssertTrue(a * a.inverse() == R.one, "\(name): a·a⁻¹ ≠ 1, operand \(i)")
                // The divstep inversion of verification against Fermat's, on plain values.
                let divsteps = M.inverse(x)
                XCTAssertTrue(M.Limbs.equal(R(reduced: divsteps).limbs, R(reduced: x).inverse().limbs), "\(name): divstep inverse ≠ Fermat, operand \(i)")
            }
            for (j, y) in values.enumerated() where (i &* 7 &+ j) % 5 == 0 {
                let b = R(montgomery: y)
                let c = R(montgomery: values[(i + j + 1) % values.count])
                let ab = a * b
                XCTAssertTrue(M.Limbs.less(ab.limbs, M.modulus), "\(name): product not reduced, \(i)·\(j)")
                XCTAssertTrue(ab == b * a, "\(name): a·b ≠ b·a, \(i)·\(j)")
                XCTAssertTrue(a * (b + c) == ab + a * c, "\(name): a(b + c) ≠ ab + ac, \(i)·\(j)")
                XCTAssertTrue((ab * c) == a * (b * c), "\(name): (ab)c ≠ a(bc), \(i)·\(j)")
                XCTAssertTrue((a - b) + b == a, "\(name): (a − b) + b ≠ a, \(i)·\(j)")
                checks += 1
            }
        }
        print("ECDSA arithmetic \(name): \(values.count) operands, \(checks) identity checks")
    }

    func testFieldsAndOrders() {
        checkRing(P256.Field.self, "P-256 p",
                  a: "ba0266a430d4260e46648d67b5d1e3bc09fc3908da28bd45b0e69150698e31d1",
                  b: "b380fea46952cd77a5c1f460efb1e702e83939e0546da2029081669d06d0b1b7",
                  product: "aa55cf9e84b43cc792e35024d3681a357db7efab4d65c623ea71987676d13c52")
        checkRing(P256.Order.self, "P-256 n",
                  a: "665ea679afcba8be44d0942089d6a9eddf0c1ea6616a56db8e324c511f056dd7",
                  b: "e7c900d9de720d8f0b8a22872fc09327b2a2aec0af6fcea9ad0551575f6d5d4b",
                  product: "4a8c0f2383975ca193ee1fc8dc3213724da54567d31e57396d0e66a2550ae9aa")
        checkRing(P384.Field.self, "P-384 p",
                  a: "a4093822299f31d0082efa98ec4e6c8969678c6ee2b286d35710f9d027339f5662b8feb13c05cf824f2dec9fb8b77c5b",
                  b: "62e7160f38b4da56a784d9045190cfefea2fc89bd53b77b33f1e107830b6d249a3efe2c9868d57d571f8e010f4ea894b",
                  product: "b537fee3b71bebe8353848b50bcc3b9ec13c3dd007e350faa2bf28be7a7d4a506641eabd609f0553888995c363d219fd")
        checkRing(P384.Order.self, "P-384 n",
                  a: "a4093822299f31d0103309d1a5b00acdb1d41bd45da19b6f047a77ee95ceaaeeae26cf1f14fea9803942c4f243f95d8b",
                  b: "62e7160f38b4da56d02eb054abf4da4ac7efe86137ac2ec058560f39f5b8c044e1c61739fba0059777a9c6456ebe341f",
                  product: "5195e8590d4cff96ee953a470240c6313309dcee5e6bfc7074f3d9dbb37ca11dbeee93c180bbe331c296ebc74aa3e359")
        checkRing(P521.Field.self, "P-521 p",
                  a: "243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89452821e638d01377be5466cf34e90c6cc0ac29b7c97c50dd3f84d5b5b5470917",
                  b: "b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef324e7738926cfbe5f4bf8d8d8c31d763da06c80abb1185eb4f7c7b5757f59584",
                  product: "50f8b498e223d82d702a82137ea5360db363556a04d6124a2db7301f0f9007a53a90dcf29a9603b6ec12578ef44ce7bfb43c0b0ee9adc894645b03d381af9c2b75")
        checkRing(P521.Order.self, "P-521 n",
                  a: "243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89452821e638d01377be5466cf34e90c6cc0ac29b7c97c50dd3f84d5b5b5470917",
                  b: "b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef324e7738926cfbe5f4bf8d8d8c31d763da06c80abb1185eb4f7c7b5757f59584",
                  product: "dac032850d133d12c5f8c57e2262bff6cb455df44a3460ad3f446ba8d6c79eea9141e3831fd78aafbcf89291577dab6f1f269f733fd94ca84c8f85f1d5dc327da1")
    }

    /// The radix-2^58 element the P-521 point formulas use agrees with the
    /// saturated residues: sums, differences, products, squares, and the
    /// chains the doubling formula builds (8·γ², 3(X − δ)(X + δ)), which push
    /// the limbs furthest above 58 bits before the next product.
    func testP521ElementAgreesWithResidue() {
        typealias R = Residue<P521.Field>
        let values = Self.operands(P521.Field.self, count: 40, seed: 521)
        var checks = 0
        for (i, x) in values.enumerated() {
            for (j, y) in values.enumerated() where (i &+ 3 &* j) % 4 == 0 {
                let a = P521Element(reduced: x), b = P521Element(reduced: y)
                let ra = R(montgomery: x), rb = R(montgomery: y)
                func agree(_ e: P521Element, _ r: R, _ what: String) {
                    XCTAssertTrue(Limbs9.equal(e.value.packed(), r.limbs), "P-521 element \(what), \(i), \(j)")
                }
                agree(a + b, ra + rb, "a + b")
                agree(a - b, ra - rb, "a − b")
                agree(b - a, rb - ra, "b − a")
                agree(a * b, ra * rb, "a·b")
                agree(a.squared(), ra.squared(), "a²")
                let eight = (a - b).doubled().doubled().doubled()
                let eightR = (ra - rb).doubled().doubled().doubled()
                agree(eight * (b - a), eightR * (rb - ra), "8(a − b)·(b − a)")
                let t = (a - b) * (a + b)
                let tR = (ra - rb) * (ra + rb)
                agree((t.doubled() + t).squared() - eight, (tR.doubled() + tR).squared() - eightR, "(3t)² − 8(a − b)")
                XCTAssertEqual((a - a).isZero, true)
                XCTAssertEqual(a == b, R(montgomery: x) == R(montgomery: y), "P-521 element ==, \(i), \(j)")
                checks += 1
            }
        }
        print("ECDSA arithmetic P-521 element: \(checks) pairs against Residue<P521.Field>")
    }

    /// The divstep inversion (ScalarInversion.swift) for each of the six
    /// moduli, against a·a⁻¹ = 1 computed with the Montgomery products: the
    /// operands above plus powers of two and their neighbours, whose long
    /// runs of zero or one bits take the batches' shortcut for zeros, and
    /// pseudo-random values.
    func testDivstepInversion() {
        func check<M: PrimeModulus>(_: M.Type, _ name: String) -> Int {
            typealias R = Residue<M>
            var values = Self.operands(M.self, count: 200, seed: 0x5AFE_6CD + UInt64(M.Limbs.count))
            let bits = 64 * M.Limbs.count
            for bit in stride(from: 0, to: bits, by: 7) {
                var power = M.Limbs.zero
                power[bit / 64] = 1 << UInt64(bit % 64)
                guard M.Limbs.less(power, M.modulus) else { continue }
                values.append(power)
                var one = M.Limbs.zero
                one[0] = 1
                values.append(M.Limbs.subtract(power, one).difference)
                values.append(M.Limbs.subtract(M.modulus, power).difference)
            }
            var checks = 0
            for x in values where !x.isZero {
                let inverse = M.inverse(x)
                XCTAssertTrue(M.Limbs.less(inverse, M.modulus), "\(name): inverse not below m")
                XCTAssertTrue(R(reduced: x) * R(reduced: inverse) == R.one, "\(name): a·a⁻¹ ≠ 1")
                checks += 1
            }
            XCTAssertTrue(M.inverse(M.Limbs.zero).isZero, "\(name): 0 has no inverse and gives 0")
            return checks
        }
        let checks = check(P256.Field.self, "P-256 p") + check(P256.Order.self, "P-256 n") + check(P384.Field.self, "P-384 p")
            + check(P384.Order.self, "P-384 n") + check(P521.Field.self, "P-521 p") + check(P521.Order.self, "P-521 n")
        print("ECDSA divstep inversion: \(checks) inverses checked over six moduli")
    }

    /// The bounds P521Field.swift states, at their edges: elements whose
    /// limbs reach 2^60 − 9 (and the 3·2^58 + 2^13 a product can leave),
    /// which ordinary values never come near, against their value computed
    /// limb by limb with `Residue<P521.Field>`. A column past 2^128, a
    /// subtrahend limb above 8p's or a canonical form that subtracts p once
    /// too few times shows here first.
    func testP521ElementAtItsLimbBounds() {
        typealias R = Residue<P521.Field>
        func value(_ e: P521Element) -> R {
            let l = e.value.limbs
            let limbs = [l.0, l.1, l.2, l.3, l.4, l.5, l.6, l.7, l.8]
            var sum = R.zero
            for (i, limb) in limbs.enumerated() {
                // 2^(58·i) as 64-bit limbs, below p for i ≤ 8.
                var power = Limbs9.zero
                power[(58 * i) / 64] = 1 << UInt64((58 * i) % 64)
                sum = sum + R(montgomery: Limbs9(limb, 0, 0, 0, 0, 0, 0, 0, 0)) * R(montgomery: power)
            }
            return sum
        }
        let most: UInt64 = (1 << 60) - 9
        let productMost: UInt64 = 3 << 58 + 1 << 13 - 1
        let mask: UInt64 = (1 << 58) - 1
        let edges: [P521Element] = [
            P521Element(Limbs58(most, most, most, most, most, most, most, most, most)),
            P521Element(Limbs58(productMost, most, most, most, most, most, most, most, most)),
            P521Element(Limbs58(0, most, 0, most, 0, most, 0, most, 0)),
            P521Element(Limbs58(mask, mask, mask, mask, mask, mask, mask, mask, mask)),
            P521Element(Limbs58(mask, mask, mask, mask, mask, mask, mask, mask, mask >> 1)),
            P521Element(Limbs58(0, 0, 0, 0, 0, 0, 0, 0, most)),
            P521Element(Limbs58(most, 0, 0, 0, 0, 0, 0, 0, 0)),
            .zero, .one,
        ]
        var checks = 0
        for a in edges {
            let ra = value(a)
            XCTAssertTrue(Limbs9.equal(a.value.packed(), ra.limbs), "P-521 edge element packs to its value")
            XCTAssertTrue(Limbs9.equal(a.squared().value.packed(), ra.squared().limbs), "P-521 edge a²")
            for b in edges {
                let rb = value(b)
                for (result, expected, what) in [(a * b, ra * rb, "a·b"), (a + b, ra + rb, "a + b"), (a - b, ra - rb, "a − b")] {
                    let l = result.value.limbs
                    let largest = [l.0, l.1, l.2, l.3, l.4, l.5, l.6, l.7, l.8].max()!
                    XCTAssertLessThan(largest, 1 << 60 - 8, "P-521 edge \(what) stays within the limb bound")
                    XCTAssertTrue(Limbs9.equal(result.value.packed(), expected.limbs), "P-521 edge \(what)")
                    // The result is an operand again: products and differences of it.
                    XCTAssertTrue(Limbs9.equal((result * result).value.packed(), (expected * expected).limbs), "P-521 edge (\(what))²")
                    XCTAssertTrue(Limbs9.equal((a - result).value.packed(), (ra - expected).limbs), "P-521 edge a − (\(what))")
                    checks += 1
                }
                XCTAssertEqual(a == b, ra == rb, "P-521 edge ==")
            }
        }
        print("ECDSA arithmetic P-521 element: \(checks) results at the limb bounds against Residue<P521.Field>")
    }

    /// P-521's own doubling leaves sums unreduced (P521Element.swift); it
    /// must give the coordinates the generic formula gives, written here
    /// with reduced sums only, for inputs anywhere within the limb bound.
    func testP521DoublingAgreesWithTheGenericFormula() {
        var random = SplitMix64(state: 2001)
        let bound: UInt64 = (1 << 60) - 8
        func element(_ kind: Int) -> P521Element {
            switch kind {
            case 0: return P521Element(Limbs58(bound - 1, bound - 1, bound - 1, bound - 1, bound - 1,
                                               bound - 1, bound - 1, bound - 1, bound - 1))
            case 1: return P521Element(Limbs58((1 << 58) - 1, (1 << 58) - 1, (1 << 58) - 1, (1 << 58) - 1, (1 << 58) - 1,
                                               (1 << 58) - 1, (1 << 58) - 1, (1 << 58) - 1, (1 << 57) - 1))
            default:
                return P521Element(Limbs58(random.next() % bound, random.next() % bound, random.next() % bound,
                                           random.next() % bound, random.next() % bound, random.next() % bound,
                                           random.next() % bound, random.next() % bound, random.next() % bound))
            }
        }
        var checks = 0
        for round in 0..<300 {
            let x = element(round % 7), y = element(round % 5), z = element(round % 3)
            let delta = z.squared(), gamma = y.squared()
            let beta = x * gamma
            let alpha = (x - delta) * (x + delta) * (P521Element.one + P521Element.one + P521Element.one)
            let eight = P521Element(reduced: Limbs9(8, 0, 0, 0, 0, 0, 0, 0, 0))
            let four = P521Element(reduced: Limbs9(4, 0, 0, 0, 0, 0, 0, 0, 0))
            let x3 = alpha.squared() - eight * beta
            let z3 = (y + z).squared() - gamma - delta
            let y3 = alpha * (four * beta - x3) - eight * gamma.squared()
            let doubled = P521Element.jacobianDoubling(x: x, y: y, z: z)
            for (got, expected, what) in [(doubled.x, x3, "X"), (doubled.y, y3, "Y"), (doubled.z, z3, "Z")] {
                XCTAssertTrue(got == expected, "P-521 doubling \(what), round \(round)")
                let l = got.value.limbs
                XCTAssertLessThan([l.0, l.1, l.2, l.3, l.4, l.5, l.6, l.7, l.8].max()!, 1 << 58 + 1 << 7,
                                  "P-521 doubling \(what) leaves normalised limbs, round \(round)")
                checks += 1
            }
        }
        print("ECDSA arithmetic P-521 doubling: \(checks) coordinates agree with the generic formula")
    }

    // MARK: Points

    static func generator<C: WeierstrassCurve>(_: C.Type) -> AffinePoint<C> {
        C.generatorTable.withUnsafeBufferPointer { AffinePoint(constantTable: UnsafeRawPointer($0.baseAddress!), index: 0) }
    }

    /// Whether two Jacobian points are the same point (X1·Z2² = X2·Z1², Y1·Z2³ = Y2·Z1³).
    static func same<C: WeierstrassCurve>(_ p: JacobianPoint<C>, _ q: JacobianPoint<C>) -> Bool {
        if p.isInfinity || q.isInfinity { return p.isInfinity && q.isInfinity }
        let pz2 = p.z.squared(), qz2 = q.z.squared()
        return p.x * qz2 == q.x * pz2 && p.y * qz2 * q.z == q.y * pz2 * p.z
    }

    static func scalar<C: WeierstrassCurve>(_ value: UInt64, _: C.Type) -> C.Limbs {
        var k = C.Limbs.zero
        k[0] = value
        return k
    }

    func checkExceptionalCases<C: WeierstrassCurve>(_ curve: C.Type, _ name: String) {
        typealias Mul = DoubleScalarMultiplication<C>
        let g = Self.generator(C.self)
        XCTAssertTrue(g.isOnCurve, "\(name): G on the curve")
        let n = C.Order.modulus
        let zero = C.Limbs.zero
        let one = Self.scalar(1, C.self)
        let nMinusOne = C.Limbs.subtract(n, one).difference
        // (n − 1)·G = −G.
        XCTAssertTrue(Self.same(Mul.multiply(generatorScalar: nMinusOne, pointScalar: zero, point: g), JacobianPoint(g.negated)), "\(name): (n−1)G ≠ −G")
        for k in [UInt64(1), 2, 3, 7, 0xFFFF_FFFF_FFFF_FFFF] {
            let kk = Self.scalar(k, C.self)
            let nk = C.Limbs.subtract(n, kk).difference
            // k·G + (n − k)·G = O: the last addition adds a point to its negation.
            XCTAssertTrue(Mul.multiply(generatorScalar: kk, pointScalar: nk, point: g).isInfinity, "\(name): kG + (n−k)G ≠ O for k = \(k)")
            // k·G + k·G = 2k·G: the last addition adds a point to itself.
            let twice = C.Limbs.add(kk, kk).sum
            XCTAssertTrue(Self.same(Mul.multiply(generatorScalar: kk, pointScalar: kk, point: g),
                                    Mul.multiply(generatorScalar: twice, pointScalar: zero, point: g)), "\(name): kG + kG ≠ 2kG for k = \(k)")
            // The same through the key's table: 0·G + k·Q with Q = G.
            XCTAssertTrue(Self.same(Mul.multiply(generatorScalar: zero, pointScalar: kk, point: g),
                                    Mul.multiply(generatorScalar: kk, pointScalar: zero, point: g)), "\(name): k·Q ≠ k·G for Q = G, k = \(k)")
        }
        // Both scalars zero: the point at infinity, which verification refuses.
        XCTAssertTrue(Mul.multiply(generatorScalar: zero, pointScalar: zero, point: g).isInfinity, "\(name): 0G + 0Q ≠ O")
        // Adding infinity on either side, and doubling it.
        let p = JacobianPoint(g)
        XCTAssertTrue(Self.same(p.adding(.infinity), p) && Self.same(JacobianPoint<C>.infinity.adding(p), p), "\(name): P + O")
        XCTAssertTrue(JacobianPoint<C>.infinity.doubled().isInfinity, "\(name): 2O ≠ O")
        XCTAssertTrue(p.adding(p.negated).isInfinity && p.adding(g.negated).isInfinity, "\(name): P + (−P) ≠ O")
        XCTAssertTrue(Self.same(p.adding(p), p.doubled()) && Self.same(p.adding(g), p.doubled()), "\(name): P + P ≠ 2P")
    }

    func testPointArithmeticExceptionalCases() {
        checkExceptionalCases(P256.self, "P-256")
        checkExceptionalCases(P384.self, "P-384")
        checkExceptionalCases(P521.self, "P-521")
    }
}
