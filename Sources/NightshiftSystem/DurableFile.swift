import Foundation

/// Replaces a file so that after a crash (of nightshift or of the machine) it holds either its
/// old bytes or all of its new ones, never a mix and never a prefix: the bytes go to a
/// temporary file beside it, which is fsync'd, then renamed over it, and the folder is fsync'd
/// so the rename itself is on disk. The run journal relies on this: a journal that claimed a
/// step passed when it had not would let a resumed run skip it.
///
/// macOS: fsync(2) hands the data to the drive, which may still cache it; only
/// `fcntl(F_FULLFSYNC)` asks the drive to flush. That costs tens of milliseconds per call on
/// Apple SSDs, once per step; a power cut can then lose the last journal update, which makes a
/// resumed run re-run that step, never skip it wrongly (the rename is still atomic). So plain
/// fsync on both platforms.
public enum DurableFile {
    public static func replace(_ path: String, with bytes: [UInt8]) throws(SystemCallError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .last("cannot write '\(temporary)'") }
        var failure =
            bytes.withUnsafeBytes { DescriptorWriter.writeAll(descriptor, $0) } ? nil : SystemCallError.last("cannot write '\(path)'")
        if failure == nil, fsync(descriptor) != 0 { failure = .last("cannot sync '\(temporary)'") }
        if close(descriptor) != 0, failure == nil { failure = .last("cannot write '\(path)'") }
        if let failure {
            unlink(temporary)
            throw failure
        }
        do {
            try FileRename.replace(path, with: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        syncFolder(directory.isEmpty ? "." : directory)
    }

    /// Makes a rename in `folder` durable. Best effort: some file systems refuse fsync on a
    /// directory (EINVAL), and the file's own bytes are already synced by then.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
