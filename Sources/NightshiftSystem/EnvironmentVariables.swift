/// The environment as a value. Captured once from the process in the composition root; nothing
/// else in nightshift reads process state.
public struct EnvironmentVariables: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    public subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// `overrides` win over what is already here.
    public func merging(_ overrides: [String: String]) -> EnvironmentVariables {
        EnvironmentVariables(values.merging(overrides, uniquingKeysWith: { _, new in new }))
    }

    /// What is already here wins over `defaults` (a dotenv file under the real environment).
    public func filling(from defaults: [String: String]) -> EnvironmentVariables {
        EnvironmentVariables(values.merging(defaults, uniquingKeysWith: { current, _ in current }))
    }

    public var names: Dictionary<String, String>.Keys { values.keys }
}
