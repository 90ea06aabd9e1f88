extension LaneOption {
    /// Why `value` is not one this option takes, or nil. The same check serves a value given on
    /// the command line, a default, a `lane:` call's and a schedule's.
    /// A secret option's value is never spelled in the message.
    public func problem(with value: String) -> String? {
        let shown = isSecret ? Secret.mask : value
        if value.utf8.count > InputLimits.longestOptionValue {
            return "must be at most \(InputLimits.longestOptionValue) bytes long, found \(value.utf8.count)"
        }
        switch kind {
        case .string:
            guard let pattern, let compiled = try? OptionPattern(pattern), !compiled.isFound(in: value) else { return nil }
            return "must match '\(pattern)', found '\(shown)'"
        case .int:
            return Int(value) == nil ? "must be a whole number, found '\(shown)'" : nil
        case .bool:
            return Self.boolean(value) == nil ? "must be true or false, found '\(shown)'" : nil
        case .choice(let values):
            guard !values.contains(value) else { return nil }
            return "must be one of \(values.joined(separator: ", ")), found '\(shown)'"
        }
    }

    /// The value steps see: booleans spelled `true`/`false` whatever the case they were given in.
    public func normalized(_ value: String) -> String {
        guard kind == .bool, let flag = Self.boolean(value) else { return value }
        return flag ? "true" : "false"
    }

    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// Why `pattern` cannot be an option's (the loader reports it), nil when it can: malformed, or
    /// using what the linear-time `OptionPattern` refuses.
    public static func patternError(_ pattern: String) -> OptionPatternError? {
        do {
            _ = try OptionPattern(pattern)
            return nil
        } catch {
            return error
        }
    }
}
