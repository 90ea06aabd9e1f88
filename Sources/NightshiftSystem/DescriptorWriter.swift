import Foundation

/// Writes a whole buffer to a descriptor, resuming after partial writes and EINTR.
enum DescriptorWriter {
    /// - Returns: false when a write failed (EPIPE once the reader is gone, a full disk); the rest
    ///   of the buffer is then dropped, as nothing useful can be done with it.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        guard var base = buffer.baseAddress else { return true }
        var left = buffer.count
        while left > 0 {
            let written = Foundation.write(descriptor, base, left)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            base += written
            left -= written
        }
        return true
    }
}
