import NightshiftEngine

/// A test case as bytes, for the merger's scratch file: every field, lengths as LEB128 varints,
/// strings as UTF-8, durations as their bit pattern, so a case reads back equal to what was
/// written. Private to one process: no version, no byte-order concern.
enum TestCaseBytes {
    static func encode(_ test: TestCaseResult, into bytes: inout [UInt8]) {
        string(test.identifier, &bytes)
        string(test.bundle, &bytes)
        count(test.suitePath.count, &bytes)
        for suite in test.suitePath { string(suite, &bytes) }
        string(test.name, &bytes)
        optional(test.argument, &bytes)
        count(test.argumentOccurrence.map { $0 + 1 } ?? 0, &bytes)
        optional(test.device, &bytes)
        optional(test.configuration, &bytes)
        count(test.attempts.count, &bytes)
        for attempt in test.attempts { encode(attempt, into: &bytes) }
    }

    private static func encode(_ attempt: TestAttempt, into bytes: inout [UInt8]) {
        bytes.append(outcomes.firstIndex(of: attempt.outcome).map(UInt8.init) ?? 0)
        word(attempt.durationSeconds.bitPattern, &bytes)
        optional(attempt.label, &bytes)
        count(attempt.messages.count, &bytes)
        for message in attempt.messages {
            string(message.text, &bytes)
            optional(message.file, &bytes)
            if let line = message.line {
                bytes.append(1)
                word(UInt64(bitPattern: Int64(line)), &bytes)
            } else {
                bytes.append(0)
            }
        }
    }

    private static let outcomes: [TestOutcome] = [.passed, .failed, .skipped, .expectedFailure]

    private static func word(_ value: UInt64, _ bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func count(_ value: Int, _ bytes: inout [UInt8]) {
        var value = UInt64(value)
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func string(_ text: String, _ bytes: inout [UInt8]) {
        count(text.utf8.count, &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    private static func optional(_ text: String?, _ bytes: inout [UInt8]) {
        guard let text else { return bytes.append(0) }
        bytes.append(1)
        string(text, &bytes)
    }

    /// Reads back what `encode` wrote; nil when the bytes are not one whole case.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> TestCaseResult? {
        var reader = Reader(bytes: bytes)
        return reader.testCase()
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        mutating func testCase() -> TestCaseResult? {
            guard let identifier = string(), let bundle = string(), let suites = count() else { return nil }
            var suitePath: [String] = []
            for _ in 0..<suites {
                guard let suite = string() else { return nil }
                suitePath.append(suite)
            }
            guard let name = string(), let argument = optional(), let occurrence = count(), let device = optional(),
                let configuration = optional(), let attemptCount = count()
            else { return nil }
            var attempts: [TestAttempt] = []
            for _ in 0..<attemptCount {
                guard let attempt = attempt() else { return nil }
                attempts.append(attempt)
            }
            guard position == bytes.count else { return nil }
            return TestCaseResult(
                identifier: identifier, bundle: bundle, suitePath: suitePath, name: name, argument: argument,
                argumentOccurrence: occurrence == 0 ? nil : occurrence - 1, device: device, configuration: configuration, attempts: attempts
            )
        }

        mutating func attempt() -> TestAttempt? {
            guard position < bytes.count else { return nil }
            let outcome = Int(bytes[position])
            position += 1
            guard outcome < TestCaseBytes.outcomes.count, let bits = word(), let label = optional(), let messageCount = count() else {
                return nil
            }
            var messages: [TestFailureMessage] = []
            for _ in 0..<messageCount {
                guard let text = string(), let file = optional(), position < bytes.count else { return nil }
                let hasLine = bytes[position] != 0
                position += 1
                var line: Int?
                if hasLine {
                    guard let bits = word() else { return nil }
                    line = Int(Int64(bitPattern: bits))
                }
                messages.append(TestFailureMessage(text: text, file: file, line: line))
            }
            var attempt = TestAttempt(outcome: TestCaseBytes.outcomes[outcome], messages: messages, label: label)
            // Set after: the initialiser bounds a duration, and this one was bounded when it was made.
            attempt.durationSeconds = Double(bitPattern: bits)
            return attempt
        }

        mutating func word() -> UInt64? {
            guard position + 8 <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
            position += 8
            return value
        }

        mutating func count() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while position < bytes.count, shift < 64 {
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value <= UInt64(Int.max) ? Int(value) : nil }
                shift += 7
            }
            return nil
        }

        mutating func string() -> String? {
            guard let length = count(), length <= bytes.count - position else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]), as: UTF8.self)
            position += length
            return text
        }

        mutating func optional() -> String?? {
            guard position < bytes.count else { return nil }
            let present = bytes[position]
            position += 1
            guard present != 0 else { return .some(nil) }
            guard let text = string() else { return nil }
            return .some(text)
        }
    }
}
