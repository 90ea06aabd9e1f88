public import Foundation

/// Reading a file whole when something other than nightshift may have put it there: what is not
/// a regular file is refused before it is opened (a FIFO would block for ever, a device never
/// end), and so is a file larger than `limit`, before its bytes are read (a crafted journal of
/// 500 MB would otherwise be memory before it is an error).
public enum WholeFile {
    public enum ReadError: Error, Sendable, Equatable {
        case absent
        /// A folder, a FIFO, a device, a socket.
        case notARegularFile
        case tooLarge(size: Int64)
        case failed(SystemCallError)
    }

    public static func contents(of path: String, atMost limit: Int64) throws(ReadError) -> Data {
        // Before opening: open(2) on a FIFO waits for a writer, which may never come.
        switch FileKind.of(path, followingLinks: true) {
        case .regular: break
        case .absent: throw .absent
        case nil: throw .failed(.last("cannot read '\(path)'"))
        default: throw .notARegularFile
        }
        let file: ReadableFile
        do {
            file = try ReadableFile(path: path)
        } catch {
            switch error {
            case .notARegularFile: throw .notARegularFile
            case .failed(let failure): throw .failed(failure)
            }
        }
        defer { file.close() }
        guard file.size <= limit else { throw .tooLarge(size: file.size) }
        var data = Data(count: Int(file.size))
        var filled = 0
        // No typed throws inside the closure: Swift 6.3's IRGen crashes on it.
        let failure = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> SystemCallError? in
            guard let base = buffer.baseAddress else { return nil }
            while filled < buffer.count {
                let read: Int
                do { read = try file.read(into: base + filled, count: buffer.count - filled) } catch {
                    return error as? SystemCallError ?? SystemCallError("cannot read '\(path)'", code: EIO)
                }
                if read == 0 { break }
                filled += read
            }
            return nil
        }
        if let failure { throw .failed(failure) }
        // A file cut while it was read ends where it ended.
        data.count = filled
        return data
    }
}
