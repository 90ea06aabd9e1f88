import Foundation
import NightshiftSystem

/// The files of a match repository nightshift imports, found where match puts them and nowhere
/// else: `certs/<type>/<id>.cer` and `<id>.p12`, `profiles/<type>/<Type>_<bundle id>.mobileprovision`.
/// Nothing is followed: a symbolic link, a FIFO or a name nightshift would not write stops the
/// import before anything is read, so a hostile repository cannot point it outside itself.
struct MatchRepository {
    struct Entry: Sendable, Hashable {
        /// `certs` or `profiles`.
        var section: String
        /// `distribution`, `appstore`, …
        var type: String
        /// The file's name, without its extension.
        var name: String
        var fileExtension: String
        var path: String

        var relativePath: String { "\(section)/\(type)/\(name).\(fileExtension)" }
    }

    static let extensions: [String: Set<String>] = ["certs": ["cer", "p12"], "profiles": ["mobileprovision"]]
    /// No signing file comes near it; a bigger one is not read into memory.
    static let largestFile = 10 * 1024 * 1024

    let root: String

    func entries() throws(MatchImportError) -> [Entry] {
        var found: [Entry] = []
        var sawSection = false
        for section in Self.extensions.keys.sorted() {
            let sectionPath = "\(root)/\(section)"
            switch FileKind.of(sectionPath) {
            case .directory?: sawSection = true
            case .absent?: continue
            case .symlink?: throw .symbolicLink("\(section)")
            default: throw .unreadable(section)
            }
            for type in try names(in: sectionPath, relative: section) {
                let typePath = "\(sectionPath)/\(type)"
                switch FileKind.of(typePath) {
                case .directory?: break
                case .symlink?: throw .symbolicLink("\(section)/\(type)")
                default: continue
                }
                for file in try names(in: typePath, relative: "\(section)/\(type)") {
                    let ext = (file as NSString).pathExtension
                    guard Self.extensions[section]?.contains(ext) == true else { continue }
                    let path = "\(typePath)/\(file)"
                    switch FileKind.of(path) {
                    case .regular?: break
                    case .symlink?: throw .symbolicLink("\(section)/\(type)/\(file)")
                    default: throw .unreadable("\(section)/\(type)/\(file)")
                    }
                    found.append(
                        Entry(section: section, type: type, name: (file as NSString).deletingPathExtension, fileExtension: ext, path: path))
                }
            }
        }
        guard sawSection else { throw .notARepository(root) }
        return found
    }

    /// A folder's entries, every one checked: match names files after certificate ids and bundle
    /// ids, so anything else (a newline, a leading dot, '..') was not written by match.
    private func names(in path: String, relative: String) throws(MatchImportError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { throw .unreadable(relative) }
        return try names.filter { $0 != ".DS_Store" && $0 != ".gitkeep" }.sorted().map { name throws(MatchImportError) in
            guard Self.isSafe(name) else { throw .unsafeName("\(relative)/\(name)") }
            return name
        }
    }

    static func isSafe(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", name.utf8.count <= 200 else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
    }

    func read(_ entry: Entry) throws(MatchImportError) -> Data {
        // Regular files only, opened without blocking, bounded: an entry swapped since it was
        // listed for a FIFO or a link to a device cannot hold the import.
        do {
            return try WholeFile.contents(of: entry.path, atMost: Int64(Self.largestFile))
        } catch {
            if case .tooLarge = error { throw .tooLarge(entry.relativePath) }
            throw .unreadable(entry.relativePath)
        }
    }
}
