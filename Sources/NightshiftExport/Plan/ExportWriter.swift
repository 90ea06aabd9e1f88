import Foundation
public import NightshiftSystem

/// Puts exported files on disk: the only part of an export that touches the file system.
public struct ExportWriter: Sendable {
    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public var description: String { "cannot write \(path): \(reason)" }
    }

    public init() {}

    /// Creates `directory` when needed and replaces each file atomically; returns the paths written.
    @discardableResult
    public func write(_ files: [ExportedFile], into directory: String) throws(WriteError) -> [String] {
        try write(files, into: URL(fileURLWithPath: directory, isDirectory: true), shownAs: directory)
    }

    /// `write(_:into:)` into a folder the command made absolute; an error names it `name`, as the
    /// user wrote it.
    @discardableResult
    public func write(_ files: [ExportedFile], into directory: AbsolutePath, shownAs name: String) throws(WriteError) -> [String] {
        try write(files, into: URL(fileURLWithPath: directory.string, isDirectory: true), shownAs: name)
    }

    private func write(_ files: [ExportedFile], into folder: URL, shownAs name: String) throws(WriteError) -> [String] {
        try refuseNamesDifferingInCase(files, shownAs: name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: name, reason: error.localizedDescription)
        }
        var written: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.fileName)
            do {
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                throw WriteError(path: url.path, reason: error.localizedDescription)
            }
            written.append(url.path)
        }
        return written
    }

    /// Lanes `Lint` and `lint` export to two files on Linux, but macOS's default file system
    /// (APFS, case-insensitive) keeps one, the second write replacing the first, and a checkout of
    /// both on a Mac shows one of them: refused before anything is written. `lowercased()` folds
    /// case as APFS does for the names lanes make; Unicode normalisation is left to the lanes.
    private func refuseNamesDifferingInCase(_ files: [ExportedFile], shownAs name: String) throws(WriteError) {
        var seen: [String: String] = [:]
        for file in files {
            let key = file.fileName.lowercased()
            if let other = seen[key], other != file.fileName {
                throw WriteError(
                    path: name,
                    reason:
                        "'\(other)' and '\(file.fileName)' differ only in case, and macOS's file system keeps one of them: rename one of the lanes"
                )
            }
            seen[key] = file.fileName
        }
    }
}
