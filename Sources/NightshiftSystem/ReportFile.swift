import Foundation
internal import CNightshiftSystem

/// Writes a whole report (`--junit`, `--json`) where the user pointed it, the way a shell
/// redirection would land, without ever leaving half a file behind:
/// - a regular file (or a new one) is written beside itself and renamed over, so a reader such
///   as Jenkins' JUnit plugin never sees a partial report;
/// - a symlink is followed, and the file it names is replaced, so the link stays a link;
/// - anything else (a device such as `/dev/null` or `/dev/stdout`, a FIFO) is written in place:
///   renaming over it would replace the device node itself (as root, `/dev/null`).
public enum ReportFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(SystemCallError) {
        try write(bytes, to: path, shownAs: path)
    }

    /// `write(_:to:)` at a path the command made absolute; messages name it `name`, as the user
    /// wrote it (`cannot write 'reports/ok.xml'`).
    /// A name that ends in `/` names a folder, whatever `path` kept of it (an `AbsolutePath` drops
    /// the trailing `/`): refused, as the kernel refuses it, never written as a file beside it.
    public static func write(_ bytes: [UInt8], to path: AbsolutePath, shownAs name: String) throws(SystemCallError) {
        guard !name.hasSuffix("/") else { throw SystemCallError("cannot write '\(name)'", code: EISDIR) }
        try write(bytes, to: path.string, shownAs: name)
    }

    private static func write(_ bytes: [UInt8], to path: String, shownAs name: String) throws(SystemCallError) {
        // Through the path as given, so the kernel resolves its links. `/dev/stdout` leads to a
        // /proc "magic" link (Linux) or a /dev/fd node (Darwin) that names no file by its text,
        // and may stand for a regular file the shell redirected into: replacing that file would
        // leave the shell writing to an unlinked one.
        if isKernelNamed(path) || FileKind.of(path, followingLinks: true) == .other {
            return try writeInPlace(bytes, to: path, shownAs: name)
        }
        let target = try followingSymlinks(path, shownAs: name)
        switch FileKind.of(target) {
        case nil: throw .last("cannot write '\(name)'")
        case .directory: throw SystemCallError("cannot write '\(name)'", code: EISDIR)
        case .other: try writeInPlace(bytes, to: target, shownAs: target == path ? name : target)
        case .absent, .regular, .symlink: try replace(target, with: bytes)
        }
    }

    /// Paths the kernel names rather than a file system holds: /dev on both platforms, and
    /// Linux's /proc (macOS has no procfs; its /dev/fd serves the same).
    static func isKernelNamed(_ path: String) -> Bool {
        #if os(Linux)
        if path.hasPrefix("/proc/") { return true }
        #endif
        return path.hasPrefix("/dev/")
    }

    /// Where `path` leads once every symlink on the last component is followed (relative links
    /// from their own directory). A dangling link leads to the file it would name.
    public static func followingSymlinks(_ path: String) throws(SystemCallError) -> String {
        try followingSymlinks(path, shownAs: path)
    }

    private static func followingSymlinks(_ path: String, shownAs name: String) throws(SystemCallError) -> String {
        var current = path
        // The kernel's own limit for a lookup (Linux MAXSYMLINKS 40; Darwin MAXSYMLINKS 32).
        for _ in 0..<32 {
            guard FileKind.of(current) == .symlink else { return current }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                throw .last("cannot follow the link '\(current)'")
            }
            current = Self.target(of: destination, linkedFrom: current)
        }
        throw SystemCallError("cannot write '\(name)'", code: ELOOP)
    }

    /// A link's `destination` as a path: as is when absolute, else from the link's own folder
    /// (`a/link` → `a/<destination>`; a link in the current folder → `<destination>`).
    private static func target(of destination: String, linkedFrom link: String) -> String {
        guard !destination.hasPrefix("/"), let slash = link.utf8.lastIndex(of: UInt8(ascii: "/")) else { return destination }
        return String(link[...slash]) + destination
    }

    /// No O_CREAT: it exists. No O_TRUNC: a device ignores it, and a FIFO has nothing to cut.
    /// Opened without waiting (issue #38 §12): a FIFO no process reads is refused at once, where
    /// open(2) would hold the run after its lanes ended. A reader that stops reading can still
    /// hold the writes; the run writes its reports where a signal ends the wait.
    private static func writeInPlace(_ bytes: [UInt8], to path: String, shownAs name: String) throws(SystemCallError) {
        let descriptor = nightshift_open_for_writing_now(path)
        guard descriptor >= 0 else {
            if errno == ENXIO { throw SystemCallError("cannot write '\(name)' (a FIFO no process reads)", code: ENXIO) }
            throw .last("cannot write '\(name)'")
        }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ DescriptorWriter.writeAll(descriptor, $0) }) else { throw .last("cannot write '\(name)'") }
    }

    /// A report is replaced atomically but not fsync'd: a crash can lose it, and the run's exit
    /// status says whether it was written.
    private static func replace(_ path: String, with bytes: [UInt8]) throws(SystemCallError) {
        try DurableFile.replace(path, with: bytes, sync: false)
    }
}
