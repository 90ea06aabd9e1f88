import Foundation
internal import CNightshiftSystem

/// Which file a path reaches: its device and inode. Two spellings of one file (a hard link, a
/// symbolic link, a folder mounted twice) have different paths but the same identity.
public struct FileIdentity: Sendable, Hashable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of the file at `path` (links followed).
    public init(path: String) throws(SystemCallError) {
        var device: UInt64 = 0
        var inode: UInt64 = 0
        let failure = nightshift_file_identity(path, &device, &inode)
        guard failure == 0 else { throw SystemCallError("cannot read '\(path)'", code: failure) }
        self.init(device: device, inode: inode)
    }

    /// `<device>-<inode>` in hexadecimal, for file names.
    public var description: String {
        "\(String(device, radix: 16))-\(String(inode, radix: 16))"
    }
}
