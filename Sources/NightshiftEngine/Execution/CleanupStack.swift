/// Undo actions registered while a lane runs (delete the keychain, restore the search list), run
/// last-in first-out when the lane ends, whatever way it ends.
public actor CleanupStack {
    public struct Action: Sendable {
        public var name: String
        /// What stays behind when the action does not finish, and how to remove it by hand
        /// ("the keychain X; remove it with: security delete-keychain X"); nil when nothing does.
        public var leftBehind: String?
        public var perform: @Sendable () async throws -> Void
    }

    private var actions: [Action] = []

    public init() {}

    public func push(_ name: String, leftBehind: String? = nil, _ perform: @escaping @Sendable () async throws -> Void) {
        actions.append(Action(name: name, leftBehind: leftBehind, perform: perform))
    }

    /// Removes the newest action named `name`: what it undoes was undone already (a test step
    /// deletes its simulators itself when it ends), so the lane's cleanup need not list it.
    public func discard(named name: String) {
        if let index = actions.lastIndex(where: { $0.name == name }) { actions.remove(at: index) }
    }

    /// Removes and returns every action, newest first.
    public func drain() -> [Action] {
        defer { actions.removeAll() }
        return actions.reversed()
    }

    public var isEmpty: Bool { actions.isEmpty }
}

/// Variables a step hands to the steps after it (`NIGHTSHIFT_IPA_PATH` after an export).
public actor RunExports {
    private var values: [String: String] = [:]

    public init() {}

    public func set(_ name: String, _ value: String) { values[name] = value }
    public var all: [String: String] { values }
}
