/// Collects diagnostics during one loading pass, so every problem is reported at once.
public final class DiagnosticBag {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public func error(_ message: String, at location: SourceLocation?, notes: [String] = []) {
        diagnostics.append(.error(message, at: location, notes: notes))
    }

    public func warning(_ message: String, at location: SourceLocation?, notes: [String] = []) {
        diagnostics.append(.warning(message, at: location, notes: notes))
    }

    public func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// In file order; problems without a place first.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (l?, r?): l == r ? lhs.offset < rhs.offset : l < r
            case (nil, _?): true
            case (_?, nil): false
            case (nil, nil): lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}
