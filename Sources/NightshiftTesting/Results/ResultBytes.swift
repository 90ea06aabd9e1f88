import Foundation
import NightshiftSystem

/// Where a pull reader's bytes come from (the JSON parser's, the xUnit scanner's), a piece at a
/// time: a file read through a fixed buffer, or bytes already in memory (a test's, a small answer's).
protocol ResultByteSource {
    /// Up to `buffer.count` bytes into `buffer`; 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(TestResultsError) -> Int
}

/// A regular file, read from its start.
struct FileByteSource: ResultByteSource {
    let file: ReadableFile
    let what: String

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TestResultsError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        do {
            return try file.read(into: base, count: buffer.count)
        } catch {
            throw TestResultsError("cannot read \(what): \(error)")
        }
    }
}

/// Bytes in memory.
struct DataByteSource: ResultByteSource {
    let data: Data
    private var offset = 0

    init(_ data: Data) { self.data = data }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(TestResultsError) -> Int {
        let count = min(buffer.count, data.count - offset)
        guard count > 0 else { return 0 }
        let start = data.startIndex + offset
        data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<(start + count))
        offset += count
        return count
    }
}

/// A pull reader's fixed buffer, allocated once and freed with it.
final class ReadBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    init(size: Int) { bytes = .allocate(byteCount: size, alignment: 1) }

    deinit { bytes.deallocate() }
}
