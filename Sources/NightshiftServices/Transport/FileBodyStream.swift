import Foundation
import NightshiftSystem

/// A request body read straight from a file, in the pieces the HTTP stack asks for: exactly the
/// `length` bytes the file had when it was opened, so memory stays flat whatever its size.
///
/// This is the transport's file body instead of `uploadTask(fromFile:)`, on both platforms: on
/// Darwin that opens the file again by its path after our check. On Linux,
/// FoundationNetworking reads the file with DispatchIO and pauses libcurl while a piece is on its
/// way; when the connection is reset or closed during that read, the unpause meets a handle whose
/// connection is gone and a `try!` traps the whole process (`EasyHandle.swift` `_PauseState.setState`,
/// `libcurl.Easy Code=43`, CURLE_BAD_FUNCTION_ARGUMENT). An `httpBodyStream` is read synchronously
/// inside libcurl's read callback (`_BodyStreamSource`), which never pauses the handle.
///
/// Reads happen on the session's queue; `failure` may be read from any thread once the task ended.
final class FileBodyStream: InputStream {
    let path: String
    /// Bytes the body holds: the file's size when it was opened.
    let length: Int64
    private let file: ReadableFile
    private var remaining: Int64
    private var status: Stream.Status = .notOpen
    private let recordedFailure = LockedValue<HTTPTransportError?>(nil)

    /// Opens `path` now, so a missing or unreadable file fails before any connection is made.
    /// `range`: only `length` bytes from `offset` (one part of a multipart upload); the range
    /// must lie within the file.
    init(path: String, range: (offset: Int64, length: Int64)? = nil) throws(HTTPTransportError) {
        file = try HTTPBodyFile.open(path)
        self.path = path
        if let range {
            guard range.offset >= 0, range.length >= 0, range.offset + range.length <= file.size else {
                file.close()
                throw .invalidRequest(
                    "cannot upload bytes \(range.offset)..<\(range.offset + range.length) of '\(path)': it holds \(file.size) bytes")
            }
            do {
                try file.seek(to: range.offset)
            } catch {
                file.close()
                throw .invalidRequest(error.description)
            }
        }
        self.length = range?.length ?? file.size
        self.remaining = self.length
        super.init(data: Data())
    }

    /// Why the body could not be read whole (the file shrank or an I/O error), if it could not.
    var failure: HTTPTransportError? { recordedFailure.withLock { $0 } }

    override func open() {
        if status == .notOpen { status = .open }
    }

    override func close() {
        file.close()
        status = .closed
    }

    override var streamStatus: Stream.Status { status }

    override var streamError: (any Error)? { failure }

    /// True until `length` bytes were read, also after a failure, so that the reader calls
    /// `read` again and gets the error instead of ending a short body as if it were complete.
    override var hasBytesAvailable: Bool { remaining > 0 }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard status == .open || status == .reading else { return status == .atEnd ? 0 : -1 }
        guard remaining > 0 else {
            status = .atEnd
            return 0
        }
        status = .reading
        defer { if status == .reading { status = .open } }
        let wanted = Int(min(Int64(maxLength), remaining))
        let count: Int
        do {
            count = try file.read(into: buffer, count: wanted)
        } catch {
            return fail(error.description)
        }
        if count == 0 {
            return fail("'\(path)' ended after \(length - remaining) of \(length) bytes: it changed during the upload")
        }
        remaining -= Int64(count)
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>) -> Bool {
        false
    }

    private func fail(_ message: String) -> Int {
        recordedFailure.withLock { $0 = .invalidRequest(message) }
        status = .error
        return -1
    }
}
