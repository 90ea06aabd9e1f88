import Foundation

/// Replaces a file so that a reader, or the file after a crash, sees either its old bytes or all
/// of its new ones, never a prefix: the bytes go to a temporary file beside it, renamed over it.
///
/// With `sync` (the run journal), the temporary file is fsync'd before the rename and the folder
/// after it, so the replacement survives a machine crash too: a journal that claimed a step
/// passed when it had not would let a resumed run skip it. macOS: fsync(2) hands the data to the
/// drive, which may still cache it; only `fcntl(F_FULLFSYNC)` asks the drive to flush, at tens
/// of milliseconds a call. A power cut can then lose the last update, which makes a resumed run
/// re-run that step, never skip it wrongly (the rename stays atomic), so plain fsync on both.
public enum DurableFile {
    /// `permissions`: the new file's mode (less the umask), set on the temporary file from its
    /// creation, so the bytes are never readable by others even for a moment (the run journal
    /// is the owner's alone: 0600).
    public static func replace(
        _ path: String, with bytes: [UInt8], sync: Bool = true, permissions: UInt16 = 0o644
    ) throws(SystemCallError) {
        let directory = (path as NSString).deletingLastPathComponent
        let (descriptor, temporary) = try TemporaryFile.create(beside: path, permissions: permissions)
        var failure =
            bytes.withUnsafeBytes { DescriptorWriter.writeAll(descriptor, $0) } ? nil : SystemCallError.last("cannot write '\(path)'")
        if sync, failure == nil, fsync(descriptor) != 0 { failure = .last("cannot write '\(path)'") }
        // close(2) is where some file systems (NFS) report a full disk.
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
        if sync { syncFolder(directory.isEmpty ? "." : directory) }
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
