@testable import EC
import Foundation
import SHA2
import TestSupport
import XCTest

/// The split multiplication for keys with precomputed multiples
/// (SplitScalarMultiplication.swift) against the plain one, for each curve:
/// the constant shifted tables of G, a key's multiples, edge scalars at the
/// part boundaries, pseudo-random scalars, and the exceptional additions.
final class SplitScalarMultiplicationTests: XCTestCase {
    typealias Support = ECDSAArithmeticTests

    /// k·P in affine form, through the plain multiplication (u1 = 0).
    static func affine<C: WeierstrassCurve>(_ k: C.Limbs, times point: AffinePoint<C>) -> AffinePoint<C> {
        let jacobian = DoubleScalarMultiplication<C>.multiply(generatorScalar: C.Limbs.zero, pointScalar: k, point: point)
        return PrecomputedMultiples<C>.affine([jacobian])[0]
    }

    static func power<C: WeierstrassCurve>(_ exponent: Int, _: C.Type) -> C.Limbs {
        var k = C.Limbs.zero
        k[exponent >> 6] = 1 << UInt64(exponent & 63)
        return k
    }

    /// P, 3P, 5P, …: each by a Jacobian addition of 2P and its own inversion
    /// (not the batch conversion under test).
    static func oddMultiples<C: WeierstrassCurve>(of point: AffinePoint<C>, count: Int) -> [AffinePoint<C>] {
        let twice = JacobianPoint(point).doubled()
        var next = JacobianPoint(point)
        var result: [AffinePoint<C>] = []
        for _ in 0..<count {
            result.append(PrecomputedMultiples<C>.affine([next])[0])
            next = next.adding(twice)
        }
        return result
    }

    /// Scalars below n: edges around every part boundary, n − 1, and pseudo-random ones.
    static func scalars<C: WeierstrassCurve>(_: C.Type, random count: Int, seed: UInt64) -> [C.Limbs] {
        let n = C.Order.modulus
        let one = Support.scalar(1, C.self)
        var values = [C.Limbs.zero, one, C.Limbs.subtract(n, one).difference, n.shiftedRight(by: 1)]
        for part in 1..<PrecomputedMultiples<C>.parts {
            let boundary = power(part * C.splitSpan, C.self)
            values.append(boundary)
            values.append(C.Limbs.subtract(boundary, one).difference)
            values.append(C.Limbs.add(boundary, one).sum)
        }
        var random = SplitMix64(state: seed)
        let top = C.orderBitCount - 64 * (C.Limbs.count - 1)
        for _ in 0..<count {
            var value = C.Limbs.zero
            for i in 0..<C.Limbs.count { value[i] = random.next() }
            if top < 64 { value[C.Limbs.count - 1] &= (1 << UInt64(top)) - 1 }
            if !C.Limbs.less(value, n) { value = C.Limbs.subtract(value, n).difference }
            values.append(value)
        }
        return values
    }

    func checkCurve<C: WeierstrassCurve>(_: C.Type, _ name: String) {
        let g = Support.generator(C.self)
        let generatorPerPart = 1 << (C.generatorWindow - 2)
        // The constants: point i of shifted part j is (2i + 1)·2^(j·span)·G.
        XCTAssertEqual(C.shiftedGeneratorTable.count, 3 * generatorPerPart * 2 * C.Limbs.count, name)
        for part in 1..<PrecomputedMultiples<C>.parts {
            let expectedPoints = Self.oddMultiples(of: Self.affine(Self.power(part * C.splitSpan, C.self), times: g), count: generatorPerPart)
            for i in 0..<generatorPerPart {
                let expected = expectedPoints[i]
                let stored = C.shiftedGeneratorTable.withUnsafeBufferPointer {
                    AffinePoint<C>(constantTable: UnsafeRawPointer($0.baseAddress!), index: (part - 1) * generatorPerPart + i)
                }
                XCTAssertTrue(stored.x == expected.x && stored.y == expected.y, "\(name): shifted G table part \(part) point \(i)")
            }
        }

        // A key Q = 0x1234567·G and its multiples.
        let q = Self.affine(Support.scalar(0x1234567, C.self), times: g)
        XCTAssertTrue(q.isOnCurve, name)
        let multiples = PrecomputedMultiples(q)
        XCTAssertEqual(multiples.points.count, 4 * PrecomputedMultiples<C>.pointsPerPart, name)
        for part in 0..<PrecomputedMultiples<C>.parts {
            let perPart = PrecomputedMultiples<C>.pointsPerPart
            let expectedPoints = Self.oddMultiples(of: Self.affine(Self.power(part * C.splitSpan, C.self), times: q), count: perPart)
            for i in 0..<perPart {
                let point = multiples.points[part * perPart + i]
                let expected = expectedPoints[i]
                XCTAssertTrue(point.isOnCurve && point.x == expected.x && point.y == expected.y, "\(name): Q multiples part \(part) point \(i)")
            }
        }

        // Split and plain agree on every pair of scalars drawn from the edges and at random.
        let values = Self.scalars(C.self, random: 24, seed: 0x5EED_0000 &+ UInt64(C.Limbs.count))
        var pairs = 0
        for (index, u1) in values.enumerated() {
            for u2 in [values[(index * 7 + 3) % values.count], values[(index * 5 + 1) % values.count], u1] {
                let split = SplitScalarMultiplication<C>.multiply(generatorScalar: u1, pointScalar: u2, multiples: multiples)
                let plain = DoubleScalarMultiplication<C>.multiply(generatorScalar: u1, pointScalar: u2, point: q)
                XCTAssertTrue(Support.same(split, plain), "\(name): split ≠ plain for pair \(pairs)")
                pairs += 1
            }
        }

        // Exceptional additions through the split path, with Q = G: k·G + (n − k)·G = O and k·G + k·G = 2k·G.
        let gMultiples = PrecomputedMultiples(g)
        let n = C.Order.modulus
        for k in [Support.scalar(1, C.self), Support.scalar(5, C.self), Self.power(C.splitSpan, C.self), Self.power(3 * C.splitSpan - 1, C.self)] {
            let negated = C.Limbs.subtract(n, k).difference
            XCTAssertTrue(SplitScalarMultiplication<C>.multiply(generatorScalar: k, pointScalar: negated, multiples: gMultiples).isInfinity,
                          "\(name): kG + (n−k)G ≠ O")
            let twice = C.Limbs.add(k, k).sum
            XCTAssertTrue(Support.same(SplitScalarMultiplication<C>.multiply(generatorScalar: k, pointScalar: k, multiples: gMultiples),
                                       DoubleScalarMultiplication<C>.multiply(generatorScalar: twice, pointScalar: C.Limbs.zero, point: g)),
                          "\(name): kG + kG ≠ 2kG")
        }
        XCTAssertTrue(SplitScalarMultiplication<C>.multiply(generatorScalar: C.Limbs.zero, pointScalar: C.Limbs.zero, multiples: multiples).isInfinity)
        print("Split multiplication \(name): \(pairs) scalar pairs agree with the plain multiplication")
    }

    /// The first valid signature of a Wycheproof file verifies through the
    /// key's own multiples and is refused through another point's: the
    /// verification really takes the split path when it is given multiples.
    func checkRoute<C: WeierstrassCurve>(_: C.Type, file: String, _ name: String) throws {
        let data = try Data(contentsOf: Vectors.root.appendingPathComponent("wycheproof/ecdsa/" + file))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let group = try XCTUnwrap((root["testGroups"] as? [[String: Any]])?.first)
        let publicKey = try XCTUnwrap(group["publicKey"] as? [String: Any])
        let hash = try XCTUnwrap(ECDSAVectors.hash(named: group["sha"] as? String ?? ""))
        let test = try XCTUnwrap((group["tests"] as? [[String: Any]])?.first { $0["result"] as? String == "valid" })
        let key = try ECDSAVerification<C>.publicKey(hexBytes(publicKey["uncompressed"] as? String ?? "")[...])
        let message = hexBytes(test["msg"] as? String ?? "")
        let signature = hexBytes(test["sig"] as? String ?? "")[...]
        let digest = message.withUnsafeBytes { hash.hash($0) }
        XCTAssertNoThrow(try ECDSAVerification<C>.verify(key: key, multiples: nil, signature: signature, digest: digest), name)
        XCTAssertNoThrow(try ECDSAVerification<C>.verify(key: key, multiples: PrecomputedMultiples(key), signature: signature, digest: digest), name)
        let stranger = PrecomputedMultiples(Support.generator(C.self))
        XCTAssertThrowsError(try ECDSAVerification<C>.verify(key: key, multiples: stranger, signature: signature, digest: digest), name)
    }

    func testVerificationUsesTheMultiplesItIsGiven() throws {
        try checkRoute(P256.self, file: "ecdsa_secp256r1_sha256_test.json", "P-256")
        try checkRoute(P384.self, file: "ecdsa_secp384r1_sha384_test.json", "P-384")
        try checkRoute(P521.self, file: "ecdsa_secp521r1_sha512_test.json", "P-521")
    }

    func testSplitAgreesWithPlain() {
        checkCurve(P256.self, "P-256")
        checkCurve(P384.self, "P-384")
        checkCurve(P521.self, "P-521")
    }
}
