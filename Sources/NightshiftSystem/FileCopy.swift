import Foundation

/// Puts a file's content at another path, replacing what was there in one step (rename(2)): a
/// hard link where the file system allows one (no bytes copied, whatever the size: a step log of
/// hundreds of megabytes costs nothing), else a copy. For files that no longer change, such as a
/// finished run's step logs: a link shares later changes.
public enum FileCopy {
    public static func place(_ source: String, at destination: String) throws(SystemCallError) {
        let temporary = destination + ".nightshift-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        if link(source, temporary) != 0 {
            // EXDEV: another file system; EPERM, ENOTSUP: one without hard links.
            let linkError = SystemCallError.last("cannot link '\(source)'")
            guard [EXDEV, EPERM, ENOTSUP, EMLINK].contains(linkError.code) else { throw linkError }
            do {
                try FileManager.default.copyItem(atPath: source, toPath: temporary)
            } catch {
                throw SystemCallError("cannot copy '\(source)' to '\(destination)'", code: EIO)
            }
        }
        do {
            try FileRename.replace(destination, with: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
