public import NightshiftCore

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
        let items: [String] =
            switch parameters[key] {
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
                throw UploadError(
                    destination, "'attempts: \(text)' must be a whole number from 1 to \(InputLimits.mostRetries)", reason: .invalidSetting)
            }
            policy.attempts = attempts
        }
        if let text = string("backoff") {
            do throws(DurationProblem) {
                policy.backoff = try DurationParser.bounded(text)
            } catch {
                throw UploadError(destination, "'backoff: \(text)' \(error)", reason: .invalidSetting)
            }
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
