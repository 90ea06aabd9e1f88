import NightshiftCore

/// Writes JUnit XML from `JUnitDocument`'s values, one element at a time, so a report of a
/// hundred thousand tests is streamed in flat memory: the one place nightshift spells JUnit.
/// Call `open`, then per suite `open(_:)`, its cases, `closeSuite()`, and `close()` at the end.
public struct JUnitWriter {
    public let output: any JUnitOutput

    public init(_ output: any JUnitOutput) {
        self.output = output
    }

    /// The XML declaration and `<testsuites>`.
    public func open(name: String, counts: JUnitCounts) {
        output.raw(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuites name=\"")
        output.text(name)
        output.raw("\"\(attributes(counts))>\n")
    }

    public func close() {
        output.raw("</testsuites>\n")
    }

    public func open(_ suite: JUnitSuite) {
        output.raw("  <testsuite name=\"")
        output.text(suite.name)
        output.raw("\"\(attributes(suite.counts))")
        if let timestamp = suite.timestamp { output.raw(" timestamp=\"\(XMLText.escaped(timestamp))\"") }
        output.raw(">\n")
        properties(suite.properties, indent: "    ")
    }

    public func closeSuite() {
        output.raw("  </testsuite>\n")
    }

    public func write(_ testCase: JUnitTestCase) {
        output.raw("    <testcase ")
        switch testCase.attributeOrder {
        case .classnameFirst:
            attribute("classname", testCase.classname, then: " ")
            attribute("name", testCase.name, then: " ")
        case .nameFirst:
            attribute("name", testCase.name, then: " ")
            attribute("classname", testCase.classname, then: " ")
        }
        output.raw("time=\"\(JUnitTime.text(testCase.seconds))\"")
        guard !testCase.isEmpty else { return output.raw("/>\n") }
        output.raw(">\n")
        properties(testCase.properties, indent: "      ")
        for element in testCase.elements { write(element) }
        // Surefire's schema puts system-out, then system-err, after the result elements.
        if let out = testCase.systemOut { enclosed("      ", "system-out", out) }
        if let err = testCase.systemErr { enclosed("      ", "system-err", err) }
        output.raw("    </testcase>\n")
    }

    private func write(_ element: JUnitCaseElement) {
        switch element {
        case .failure(let message, let type, let body):
            result("failure", message: message, type: type, body: body)
        case .error(let message, let type, let body):
            result("error", message: message, type: type, body: body)
        case .skipped(let message):
            output.raw("      <skipped ")
            attribute("message", message, then: "/>\n")
        case .attempt(let rerun, let message, let type, let stackTrace, let systemOut):
            output.raw("      <\(rerun.rawValue) ")
            attribute("message", message, then: " ")
            output.raw("type=\"\(XMLText.escaped(type))\">\n")
            enclosed("        ", "stackTrace", stackTrace)
            if let systemOut { enclosed("        ", "system-out", systemOut) }
            output.raw("      </\(rerun.rawValue)>\n")
        }
    }

    private func result(_ element: String, message: String, type: String, body: String) {
        output.raw("      <\(element) ")
        attribute("message", message, then: " ")
        output.raw("type=\"\(XMLText.escaped(type))\">")
        output.text(body)
        output.raw("</\(element)>\n")
    }

    private func properties(_ properties: [JUnitProperty], indent: String) {
        guard !properties.isEmpty else { return }
        output.raw("\(indent)<properties>\n")
        for property in properties {
            output.raw("\(indent)  <property name=\"\(XMLText.escaped(property.name))\" ")
            attribute("value", property.value, then: "/>\n")
        }
        output.raw("\(indent)</properties>\n")
    }

    private func attribute(_ name: String, _ value: String, then suffix: String) {
        output.raw("\(name)=\"")
        output.text(value)
        output.raw("\"\(suffix)")
    }

    private func enclosed(_ indent: String, _ element: String, _ text: String) {
        output.raw("\(indent)<\(element)>")
        output.text(text)
        output.raw("</\(element)>\n")
    }

    private func attributes(_ counts: JUnitCounts) -> String {
        " tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\" time=\"\(JUnitTime.text(counts.seconds))\""
    }
}
