public import NightshiftCore

/// Why lanes cannot be exported: the same for every CI engine.
public enum ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownLane(String, known: [String])
    case noLanes
    /// A lane name the engine cannot carry (GitHub evaluates `${{` wherever it stands).
    case unwritableLaneName(String, reason: String, at: SourceLocation?)

    public var description: String {
        switch self {
        case .unknownLane(let name, let known):
            "no lane named '\(name)' (lanes: \(known.joined(separator: ", ")))"
        case .noLanes:
            "the lanes file has no lanes to export"
        case .unwritableLaneName(let name, let reason, _):
            "lane '\(name)' cannot be exported: \(reason); rename it"
        }
    }

    /// For the command line: the same problem, with a did-you-mean for a misspelt lane.
    public var diagnostic: Diagnostic {
        switch self {
        case .unknownLane(let name, let known):
            .error(
                "no lane named '\(name)'", at: nil,
                notes: Suggestion.note(for: name, among: known) + ["lanes: \(known.joined(separator: ", "))"])
        case .noLanes:
            .error(description, at: nil)
        case .unwritableLaneName(_, _, let location):
            .error(description, at: location)
        }
    }

    /// The lanes `names` asks for, in the order given, each once; every lane of the file, in file
    /// order, when `names` is empty.
    static func select(_ names: [String], from file: LanesFile) throws(ExportError) -> [Lane] {
        guard !names.isEmpty else {
            guard !file.lanes.isEmpty else { throw .noLanes }
            return file.lanes
        }
        var lanes: [Lane] = []
        for name in names where !lanes.contains(where: { $0.name == name }) {
            guard let lane = file.lane(named: name) else { throw .unknownLane(name, known: file.lanes.map(\.name)) }
            lanes.append(lane)
        }
        return lanes
    }
}
