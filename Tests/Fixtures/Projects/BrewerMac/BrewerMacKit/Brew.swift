public struct Brew: Sendable, Hashable {
    public var name: String
    public init(name: String) { self.name = name }
}
