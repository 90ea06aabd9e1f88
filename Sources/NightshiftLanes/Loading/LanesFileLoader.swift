public import Foundation
public import NightshiftCore
public import NightshiftSystem
import Yams

/// Loads and validates a lanes file. Either returns a `LanesFile` every part of which checked
/// out, or throws every problem found, each with its `file:line:column`.
public struct LanesFileLoader: Sendable {
    public init() {}

    /// Reads `path` from `files`; messages name it `shownAs`, as the user wrote it.
    public func load(_ path: AbsolutePath, shownAs name: String, from files: any FileReading) throws(LanesFileError) -> LanesFile {
        switch files.contents(of: path) {
        case .bytes(let data):
            var file = try parse(data: data, path: name)
            if file.xcode == nil { file.xcode = try Self.xcodeVersionFile(besideLanesFile: path, shownAs: name, from: files) }
            return file
        case .missing:
            throw LanesFileError([.error("no lanes file at \(name)", at: nil, notes: ["create one, or name another with --file"])])
        case .unreadable(let reason): throw LanesFileError([.error("cannot read \(name): \(reason)", at: nil)])
        }
    }

    public func parse(data: Data, path: String) throws(LanesFileError) -> LanesFile {
        guard let text = Self.utf8Text(data) else {
            throw LanesFileError([.error("\(path) is not UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1))])
        }
        return try parse(text: text, path: path)
    }

    /// The stdlib's validating decoder where it exists: Foundation's `String(data:encoding:)`
    /// showed in the load time of a 200-lane file (scripts/bench-startup).
    private static func utf8Text(_ data: Data) -> String? {
        if #available(macOS 15, *) {
            String(validating: data, as: UTF8.self)
        } else {
            String(data: data, encoding: .utf8)
        }
    }

    public func parse(text: String, path: String) throws(LanesFileError) -> LanesFile {
        // A byte-order mark is allowed at the start of a YAML stream (YAML 1.2 §5.2) and some
        // Windows editors write one; it is not part of the first line's columns.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        let start = SourceLocation(file: path, line: 1, column: 1)
        if text.utf8.contains(0) {
            throw LanesFileError([.error("\(path) is not a text file (it contains NUL bytes)", at: start)])
        }
        let root: Node
        do {
            // No implicit tag rules: the parser reads scalars as text and converts them itself,
            // and Yams' duplicate-key check would otherwise run ICU regexes on every key (most of
            // the load time of a large file).
            guard let node = try Yams.compose(yaml: text, .basic) else {
                throw LanesFileError([.error("\(path) is empty", at: start, notes: ["a lanes file needs at least 'lanes:'"])])
            }
            root = node
        } catch let error as LanesFileError {
            throw error
        } catch {
            throw LanesFileError([YAMLErrorDiagnostic.make(from: error, file: path, text: text)])
        }
        let bag = DiagnosticBag()
        let reader = NodeReader(file: path, bag: bag, positions: ScalarPositionMap(text: text))
        // Every tag starts with `!` and a NUL can only come from a `\` escape: a file with neither
        // (most, and every large generated one) needs no walk of its nodes.
        if text.utf8.contains(UInt8(ascii: "!")) || text.utf8.contains(UInt8(ascii: "\\")) {
            NodeScreening(reader: reader, bag: bag).screen(root)
        }
        // A tag or a NUL changes what the rest would mean: report those first, alone.
        if bag.hasErrors { throw LanesFileError(bag.sorted) }
        let parser = LanesFileParser(reader: reader)
        let file = parser.parseFile(root, path: path)
        if let file { LanesFileValidator(file: file, bag: bag).validate() }
        guard var file, !bag.hasErrors else {
            throw LanesFileError(bag.sorted, partialFile: file)
        }
        file.warnings = bag.sorted
        return file
    }
}
