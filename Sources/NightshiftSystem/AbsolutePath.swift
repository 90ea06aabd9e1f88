import Foundation

/// A path that starts at `/`, made so once, where a command reads what the user gave (`--file`,
/// `--junit`, `--json`, `--output`, the `.env` files) against a directory passed in, never the
/// process's own: the rule is the same whichever layer asks, and tests can name the directory.
/// Inner layers take the value and never make a path absolute again.
///
/// Its text has no `.` segment, no repeated `/` and no trailing `/` (POSIX resolves `a//b` and
/// `a/./b` as `a/b`, so the file named does not change). `..` is kept: the kernel takes it after
/// following the symlinks before it (`link/..` is the parent of the link's target, not the folder
/// holding the link), so removing it from a path to be opened could name another file.
/// `standardized` removes it for the uses that want one spelling per file (a journal's lanes file,
/// a lock's name, what is shown), as Foundation's `standardizedFileURL` does on Linux.
///
/// Symlinks are never resolved here, only by `resolvingSymlinks()`, which asks the file system:
/// a path keeps the spelling the user chose (it is shown, and an output may not exist yet). On
/// macOS `/tmp`, `/var` and `/etc` are links into `/private`, and `getcwd` gives the physical
/// form (`/private/var/folders/…`) where `NSTemporaryDirectory()` gives `/var/folders/…`: compare
/// two paths that may come from either side after `resolvingSymlinks()`, never as text.
public struct AbsolutePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path's text: starts with `/`; `/` alone for the root.
    public let string: String

    /// `path`, which must be absolute.
    /// - Throws: `PathError` when it is relative or holds a NUL byte (the system calls would read
    ///   the text only up to the NUL, so `a\0b` would quietly name `a`).
    public init(validating path: String) throws(PathError) {
        try Self.refuseNUL(path)
        guard path.hasPrefix("/") else { throw PathError(path: path, problem: .relative) }
        string = Self.normalized(path)
    }

    /// `path` as is when absolute, else read against `directory` (`app/lanes.yml` in `/srv` →
    /// `/srv/app/lanes.yml`).
    /// - Throws: `PathError` when `path` holds a NUL byte.
    public init(validating path: String, relativeTo directory: AbsolutePath) throws(PathError) {
        try Self.refuseNUL(path)
        string = path.hasPrefix("/") ? Self.normalized(path) : directory.joined(path)
    }

    private init(normalized: String) {
        string = normalized
    }

    public static let root = AbsolutePath(normalized: "/")

    public var description: String { string }

    public static func < (lhs: AbsolutePath, rhs: AbsolutePath) -> Bool { lhs.string < rhs.string }

    /// `relative` (one name or several, `..` kept as for any path) below this path. A NUL in
    /// `relative` is a programming error: what is appended comes from nightshift or from values
    /// already checked (lane names, run ids).
    public func appending(_ relative: String) -> AbsolutePath {
        precondition(!relative.utf8.contains(0), "a path component holds a NUL byte")
        return relative.hasPrefix("/") ? AbsolutePath(normalized: Self.normalized(relative)) : AbsolutePath(normalized: joined(relative))
    }

    /// The folder holding this path, by its text (`/a/b` → `/a`; `/` → `/`).
    public var parent: AbsolutePath {
        guard let slash = string.utf8.lastIndex(of: UInt8(ascii: "/")), slash != string.startIndex else { return .root }
        return AbsolutePath(normalized: String(string[..<slash]))
    }

    /// The last name (`/a/b.xml` → `b.xml`); empty for the root.
    public var lastComponent: String {
        guard let slash = string.utf8.lastIndex(of: UInt8(ascii: "/")) else { return string }
        return String(string[string.index(after: slash)...])
    }

    /// The last name's extension, without its dot (`/a/b.pkg` → `pkg`, `/a/b.tar.gz` → `gz`);
    /// empty for a name without one, or whose only dot starts it (`.profile`), as Foundation's
    /// `pathExtension` says.
    public var fileExtension: String {
        let name = lastComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `.` and `..` resolved by the text (`/a/b/../c` → `/a/c`; `..` above the root stays at the
    /// root), as `URL.standardizedFileURL` does on Linux. For one spelling per file, not for
    /// opening a path whose `..` may follow a symlink.
    public var standardized: AbsolutePath {
        var parts: [Substring] = []
        for part in string.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return AbsolutePath(normalized: "/" + parts.joined(separator: "/"))
    }

    /// This path with every symlink in it followed, by the file system (Foundation's
    /// `resolvingSymlinksInPath`); the parts that do not exist are kept as written. On macOS it
    /// also drops a leading `/private` when what remains names an existing file, so `/tmp/x` and
    /// `/private/tmp/x` resolve alike there.
    public func resolvingSymlinks() -> AbsolutePath {
        let resolved = URL(fileURLWithPath: string).resolvingSymlinksInPath().path
        return (try? AbsolutePath(validating: resolved)) ?? self
    }

    /// This path as seen from `base`, by their text: `/a/b/c` from `/a` → `b/c`, from `/a/x` →
    /// `../b/c`, from itself → `.`. Both are standardized first.
    public func relative(to base: AbsolutePath) -> String {
        let path = standardized.string.split(separator: "/")
        let from = base.standardized.string.split(separator: "/")
        let common = zip(path, from).prefix { $0 == $1 }.count
        let parts = Array(repeating: Substring(".."), count: from.count - common) + path.dropFirst(common)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Whether this path is `folder` or inside it, by their text.
    public func isInside(_ folder: AbsolutePath) -> Bool {
        folder.string == "/" || string == folder.string || string.hasPrefix(folder.string + "/")
    }

    private func joined(_ relative: String) -> String {
        Self.normalized(string == "/" ? "/" + relative : string + "/" + relative)
    }

    /// No `.` segment, no empty one (`//`, a trailing `/`); `..` kept.
    private static func normalized(_ path: String) -> String {
        // The common case, already clean, is returned without splitting.
        if !path.contains("//"), !path.contains("/./"), !path.hasSuffix("/."), !(path.hasSuffix("/") && path.count > 1) {
            return path
        }
        let parts = path.split(separator: "/").filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }

    private static func refuseNUL(_ path: String) throws(PathError) {
        if path.utf8.contains(0) { throw PathError(path: path, problem: .containsNUL) }
    }
}

/// A path that cannot be an `AbsolutePath`.
public struct PathError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        case relative
        case containsNUL
    }

    public var path: String
    public var problem: Problem

    public var description: String {
        // The NUL is shown escaped: written raw it would cut the message short in a terminal.
        let shown = path.replacingOccurrences(of: "\0", with: "\\0")
        switch problem {
        case .relative: return "'\(shown)' is not an absolute path"
        case .containsNUL: return "'\(shown)' holds a NUL byte, which no path can"
        }
    }
}
