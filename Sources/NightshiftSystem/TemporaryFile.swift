import Foundation

/// The one way nightshift makes the file a report, journal or record is written into before it
/// is renamed into place: created exclusively (`O_CREAT|O_EXCL`) under a name no one can guess
/// (`.<name>.<pid>.<random>.tmp` beside the destination), never through a symlink (`O_NOFOLLOW`).
/// A fixed name opened with `O_TRUNC` would write through a symlink planted there into its
/// target, and wait for ever on a FIFO planted there (issue #38 §14).
public enum TemporaryFile {
    /// A new file beside `destination`, open for writing. `permissions`: its mode (less the
    /// umask) from its creation, so an owner-only record is never readable by others.
    public static func create(beside destination: String, permissions: UInt16 = 0o644) throws(SystemCallError) -> (
        descriptor: Int32, path: String
    ) {
        let directory = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        let prefix = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid())."
        // A clash is someone else's file at the name: another name, a few times, never it.
        for _ in 0..<8 {
            let path = prefix + "\(UInt64.random(in: 0...UInt64.max)).tmp"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
            if descriptor >= 0 { return (descriptor, path) }
            guard errno == EEXIST else { throw .last("cannot write '\(destination)'") }
        }
        throw SystemCallError("cannot write '\(destination)'", code: EEXIST)
    }
}
