import Foundation
import NightshiftSystem

/// Reading a tool's result file whole, refusing what is not a regular file (a FIFO would block
/// for ever, a device never end) and what is too large to be a result.
enum TestResultsFile {
    /// 2 GiB: ten times the largest result a 50,000-test run writes.
    static let maximumSize: Int64 = 2 << 30

    static func contents(of path: String, what: String) throws(TestResultsError) -> Data {
        // Before opening: open(2) on a FIFO waits for a writer, which may never come.
        switch FileKind.of(path, followingLinks: true) {
        case .regular: break
        case .absent: throw TestResultsError("cannot read \(what) '\(path)': no such file")
        default: throw TestResultsError("cannot read \(what) '\(path)': not a regular file")
        }
        let file: ReadableFile
        do {
            file = try ReadableFile(path: path)
        } catch {
            switch error {
            case .notARegularFile: throw TestResultsError("cannot read \(what) '\(path)': not a regular file")
            case .failed(let failure): throw TestResultsError("cannot read \(what): \(failure)")
            }
        }
        defer { file.close() }
        guard file.size <= maximumSize else {
            throw TestResultsError("\(what) '\(path)' is \(file.size) bytes, more than any real result (\(maximumSize))")
        }
        var data = Data(count: Int(file.size))
        var filled = 0
        // No typed throws inside the closure: Swift 6.3's IRGen crashes on it.
        let failure = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> SystemCallError? in
            guard let base = buffer.baseAddress else { return nil }
            while filled < buffer.count {
                let read: Int
                do { read = try file.read(into: base + filled, count: buffer.count - filled) } catch {
                    return error as? SystemCallError ?? SystemCallError("cannot read", code: EIO)
                }
                if read == 0 { break }
                filled += read
            }
            return nil
        }
        if let failure { throw TestResultsError("cannot read \(what): \(failure)") }
        // A file cut while it was read ends where it ended.
        data.count = filled
        return data
    }
}
