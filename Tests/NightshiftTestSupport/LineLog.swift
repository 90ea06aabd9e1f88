import NightshiftSystem

/// The lines a caller logs (an uploader, App Store Connect's callers), in order.
public final class LineLog: Sendable {
    private let collected = LockedValue<[String]>([])

    public init() {}

    public var lines: [String] { collected.withLock { $0 } }
    public var text: String { lines.joined(separator: "\n") }
    public var sink: @Sendable (String) async -> Void { { [self] line in collected.withLock { $0.append(line) } } }
}
