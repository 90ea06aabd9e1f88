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

    public func required(_ key: String, for destination: String) throws(UploadError) -> String {
        guard let value = string(key) else { throw UploadError(destination, "'\(key):' is required") }
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
    public func retryPolicy(for destination: String) throws(UploadError) -> UploadRetryPolicy {
        var policy = UploadRetryPolicy()
        if let text = string("attempts") {
            guard let attempts = Int(text), attempts >= 1 else {
                throw UploadError(destination, "'attempts: \(text)' must be a whole number of at least 1")
            }
            policy.attempts = attempts
        }
        if let text = string("backoff") {
            guard let backoff = DurationText.parse(text) else {
                throw UploadError(destination, "'backoff: \(text)' is not a duration (e.g. 2s, 500ms, 1m)")
            }
            policy.backoff = backoff
        }
        return policy
    }
}

extension String {
    var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}

/// `2s`, `500ms`, `1m`, `1h`, or a bare number of seconds.
enum DurationText {
    static func parse(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            guard let number = Double(text.dropLast(suffix.count)), number >= 0 else { return nil }
            return .milliseconds(Int64((number * scale * 1000).rounded()))
        }
        guard let seconds = Double(text), seconds >= 0 else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
