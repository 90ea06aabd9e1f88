import Foundation

/// What `xcodebuild -list -json` prints: a project's schemes, targets and build configurations,
/// or a workspace's schemes alone (a workspace's listing names no targets or configurations).
public struct XcodeListing: Sendable, Hashable {
    public var name: String
    public var schemes: [String]
    /// Empty for a workspace.
    public var configurations: [String]
    public var targets: [String]
    public var isWorkspace: Bool

    public struct Unreadable: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// The listing in `output`, which may have text around the JSON object (a "Command line
    /// invocation:" line, a package resolution notice, a warning after it).
    public static func parse(_ output: String) throws(Unreadable) -> XcodeListing {
        struct Container: Decodable {
            var name: String
            var schemes: [String]?
            var configurations: [String]?
            var targets: [String]?
        }
        struct Listing: Decodable {
            var project: Container?
            var workspace: Container?
        }
        guard let object = JSONText.object(in: output),
            let listing = try? JSONDecoder().decode(Listing.self, from: Data(object.utf8)),
            let container = listing.project ?? listing.workspace
        else {
            throw Unreadable(description: "xcodebuild -list -json printed no project or workspace")
        }
        return XcodeListing(
            name: container.name, schemes: container.schemes ?? [], configurations: container.configurations ?? [],
            targets: container.targets ?? [], isWorkspace: listing.project == nil)
    }
}

/// A JSON value among other lines of a tool's output.
enum JSONText {
    /// From the first line that starts with `{` to the last line that starts with `}`.
    static func object(in output: String) -> String? {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("{") }),
            let last = lines.lastIndex(where: { $0.hasPrefix("}") }), last >= first
        else { return nil }
        return lines[first...last].joined(separator: "\n")
    }
}
