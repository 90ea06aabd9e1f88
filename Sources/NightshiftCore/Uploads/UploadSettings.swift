/// Typed reads of an upload's parameters (`url:`, `groups:`, `attempts:`…), values already expanded.
public struct UploadSettings: Sendable {
    public var parameters: [String: UploadParameter]

    public init(_ parameters: [String: UploadParameter]) {
        self.parameters = parameters
    }

    /// A scalar value; nil when absent or empty.
    public func string(_ key: String) -> String? {
        guard case .scalar(let value)? = parameters[key], !value.raw.isEmpty else { return nil }
        return value.raw
    }

    public func required(_ key: String, for destination: UploadDestination) throws(UploadError) -> String {
        guard let value = string(key) else { throw UploadError(destination, "'\(key):' is required", reason: .missingSetting) }
        return value
    }

    /// A YAML list, or a scalar holding comma- or newline-separated items (`groups: "qa, devs"`).
    public func list(_ key: String) -> [String] {
        let items: [String] = switch parameters[key] {
        case .scalar(let value)?: value.raw.split(whereSeparator: { $0 == "," || $0 == "\n" }).map(String.init)
        case .list(let values)?: values.map(\.raw)
        case .map?, nil: []
        }
        return items.map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
    }

    public func map(_ key: String) -> [String: String] {
        guard case .map(let values)? = parameters[key] else { return [:] }
        return values.mapValues(\.raw)
    }

    /// `attempts:` (default 5) and `backoff:` (default 2s, doubling).
    public func retryPolicy(for destination: UploadDestination) throws(UploadError) -> UploadRetryPolicy {
        var policy = UploadRetryPolicy()
        if let text = string("attempts") {
            guard let attempts = Int(text), (1...InputLimits.mostRetries).contains(attempts) else {
                throw UploadError(destination, "'attempts: \(text)' must be a whole number from 1 to \(InputLimits.mostRetries)", reason: .invalidSetting)
            }
            policy.attempts = attempts
        }
        if let text = string("backoff") {
            guard let backoff = DurationText.parse(text) else {
                throw UploadError(destination, "'backoff: \(text)' is not a duration (e.g. 2s, 500ms, 1m)", reason: .invalidSetting)
            }
            guard DurationParser.isWithinLimit(backoff) else {
                throw UploadError(destination, "'backoff: \(text)' must be at most \(DurationParser.format(InputLimits.longestDuration))", reason: .invalidSetting)
            }
            policy.backoff = backoff
        }
        return policy
    }
}

extension String {
    public var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}

/// `2s`, `500ms`, `1m`, `1h`, or a bare number of seconds (fractions allowed: `1.5s`).
enum DurationText {
    static func parse(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let (number, scale) = units.first { text.hasSuffix($0.0) }.map { (Double(text.dropLast($0.0.count)), $0.1) } ?? (Double(text), 1)
        guard let number, number >= 0 else { return nil }
        return saturatingMilliseconds(number * scale * 1000)
    }

    /// `Int64(_:)` traps on infinity, NaN and anything past `Int64.max`: saturate instead, so
    /// the caller's bound check can refuse the value.
    private static func saturatingMilliseconds(_ milliseconds: Double) -> Duration? {
        guard !milliseconds.isNaN else { return nil }
        guard milliseconds < Double(Int64.max) else { return .milliseconds(Int64.max) }
        return .milliseconds(Int64(milliseconds.rounded()))
    }
}
