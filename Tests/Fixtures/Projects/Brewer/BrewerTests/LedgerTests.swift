import XCTest
@testable import Brewer

final class LedgerTests: XCTestCase {
    func testNothing() {}
}
