/// A value that must never be printed. Reading it takes an explicit `.value`.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    public static let mask = "********"
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { Secret.mask }
    public var debugDescription: String { Secret.mask }
}
