import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request body read straight from a file, in the pieces the HTTP stack asks for: exactly the
/// `length` bytes the file had when it was opened, so memory stays flat whatever its size.
///
/// This is the Linux transport's file body instead of `uploadTask(fromFile:)`. There,
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
    private var descriptor: Int32
    private var remaining: Int64
    private var status: Stream.Status = .notOpen
    private let lock = NSLock()
    private var recordedFailure: HTTPTransportError?

    /// Opens `path` now, so a missing or unreadable file fails before any connection is made.
    init(path: String) throws(HTTPTransportError) {
        let descriptor = posixOpen(path)
        guard descriptor >= 0 else {
            throw HTTPTransportError.invalidRequest("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = posixClose(descriptor)
            throw HTTPTransportError.invalidRequest("cannot upload '\(path)': not a regular file")
        }
        self.path = path
        self.descriptor = descriptor
        self.length = Int64(info.st_size)
        self.remaining = Int64(info.st_size)
        super.init(data: Data())
    }

    deinit {
        if descriptor >= 0 { _ = posixClose(descriptor) }
    }

    /// Why the body could not be read whole (the file shrank or an I/O error), if it could not.
    var failure: HTTPTransportError? { lock.withLock { recordedFailure } }

    override func open() {
        if status == .notOpen { status = .open }
    }

    override func close() {
        if descriptor >= 0 { _ = posixClose(descriptor) }
        descriptor = -1
        status = .closed
    }

    override var streamStatus: Stream.Status { status }

    override var streamError: (any Error)? { failure }

    /// True until `length` bytes were read, also after a failure, so that the reader calls
    /// `read` again and gets the error instead of ending a short body as if it were complete.
    override var hasBytesAvailable: Bool { remaining > 0 }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard status == .open || status == .reading, descriptor >= 0 else { return status == .atEnd ? 0 : -1 }
        guard remaining > 0 else {
            status = .atEnd
            return 0
        }
        status = .reading
        defer { if status == .reading { status = .open } }
        let wanted = Int(min(Int64(maxLength), remaining))
        var count: Int
        repeat {
            count = posixRead(descriptor, buffer, wanted)
        } while count < 0 && errno == EINTR
        if count < 0 { return fail("cannot read '\(path)': \(String(cString: strerror(errno)))") }
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
        lock.withLock { recordedFailure = .invalidRequest(message) }
        status = .error
        return -1
    }
}

// `open`, `read` and `close` are shadowed inside the class by the InputStream methods.
private func posixOpen(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}

private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func posixClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
