import EC
import XCTest

final class ECErrorTests: XCTestCase {
    /// Scripts and users tell failures apart by their text: no two cases may read alike.
    func testDescriptionsAreDistinct() {
        let all: [ECError] = [.malformedPublicKey, .pointNotOnCurve, .malformedSignature, .signatureOutOfRange, .signatureMismatch]
        XCTAssertEqual(Set(all.map(\.description)).count, all.count)
    }
}
