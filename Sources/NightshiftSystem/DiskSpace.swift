import Foundation

/// Free space on the volume that holds a path.
public enum DiskSpace {
    /// Bytes an unprivileged process may still write there; nil when the volume cannot be asked.
    public static func available(at path: String) -> Int64? {
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value
    }
}
