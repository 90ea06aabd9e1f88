import Foundation

/// A folder and everything under it, walked without ever following a symbolic link: a link is
/// an entry of its own (counted as nothing, removed as a link), so a link planted in a cache
/// cannot make `cache clear` delete, or `cache status` count, what lies outside it.
public enum FileTree {
    /// The bytes of the regular files under `path` (itself, when it is one) and how many there
    /// are; nil when `path` is absent.
    public static func size(of path: String) -> (bytes: Int64, files: Int)? {
        switch FileKind.of(path) {
        case .regular?:
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
            return (size?.int64Value ?? 0, 1)
        case .directory?:
            var total: (bytes: Int64, files: Int) = (0, 0)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                guard let inner = size(of: path + "/" + name) else { continue }
                total = (total.bytes + inner.bytes, total.files + inner.files)
            }
            return total
        case .absent?, nil: return nil
        case .symlink?, .other?: return (0, 0)
        }
    }

    /// Removes `path` and, when it is a folder, everything under it, depth first: links and
    /// files unlinked, folders emptied then removed. Nothing when it is absent.
    public static func remove(_ path: String) throws(SystemCallError) {
        switch FileKind.of(path) {
        case .absent?: return
        case .directory?:
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
                throw SystemCallError("cannot list '\(path)'", code: underlying.map { Int32($0.code) } ?? EIO)
            }
            // Listed through the path: had a link replaced the folder meanwhile, its target's names
            // would be here, so the folder must still be one before any of them is touched.
            guard FileKind.of(path) == .directory else { return try remove(path) }
            for name in names { try remove(path + "/" + name) }
            // Checked again: a folder swapped for a link while it was emptied is unlinked, not entered.
            if FileKind.of(path) == .directory {
                guard rmdir(path) == 0 else { throw SystemCallError.last("cannot remove '\(path)'") }
                return
            }
            guard unlink(path) == 0 || errno == ENOENT else { throw SystemCallError.last("cannot remove '\(path)'") }
        case .regular?, .symlink?, .other?:
            guard unlink(path) == 0 || errno == ENOENT else { throw SystemCallError.last("cannot remove '\(path)'") }
        case nil:
            throw SystemCallError.last("cannot look at '\(path)'")
        }
    }
}
