/// Where a reader puts the test cases it reads, one at a time as it meets them: an array, or
/// the merger of a step's runs.
public protocol TestCaseSink {
    mutating func add(_ test: TestCaseResult)
}

extension Array: TestCaseSink where Element == TestCaseResult {
    public mutating func add(_ test: TestCaseResult) { append(test) }
}
