import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// A report written piece by piece as it is computed, in flat memory: bytes gather in a small
/// buffer handed to `write(2)` when full, into a file beside the destination that is renamed
/// over it at the end, so a reader (Jenkins) never sees half a report and a failed write leaves
/// the previous one. Every text passes through the run's masker before it is escaped.
final class StreamingTextFile: JUnitOutput {
    let path: String
    /// Where the file lands: `path` with its symlinks followed, as `ReportFile` does for
    /// `--junit`/`--json`, so a linked report path stays a link.
    private let target: String
    /// The file being written: `TemporaryFile`'s, beside `target`.
    private var partialPath: String { file.path }
    private let file: WritableFile
    private let masker: SecretMasker
    private var buffer: [UInt8] = []
    private let chunkSize: Int

    init(path: String, masker: SecretMasker, chunkSize: Int = 1 << 16) throws(TestReportWriteError) {
        self.path = path
        do {
            self.target = try ReportFile.followingSymlinks(path)
        } catch {
            throw TestReportWriteError(path: path, reason: "\(error)")
        }
        // Renaming over a device or a FIFO would replace the node itself; a folder cannot be.
        switch FileKind.of(path, followingLinks: true) {
        case .absent, .regular: break
        case .directory: throw TestReportWriteError(path: path, reason: "it is a folder")
        default: throw TestReportWriteError(path: path, reason: "not a regular file")
        }
        do {
            // Never a fixed name opened with O_TRUNC: a link planted there would be written through.
            self.file = try WritableFile(temporaryBeside: target)
        } catch {
            throw TestReportWriteError(path: path, reason: "\(error)")
        }
        self.masker = masker
        self.chunkSize = chunkSize
        buffer.reserveCapacity(chunkSize + 4096)
    }

    /// Markup written as is: never holds a test's text.
    func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushIfFull()
    }

    /// A text from a test or a tool, masked then escaped for XML.
    func text(_ text: String) {
        buffer.append(contentsOf: XMLText.escaped(masker.mask(text)).utf8)
        flushIfFull()
    }

    private func flushIfFull() {
        if buffer.count >= chunkSize { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { _ = file.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and puts the file in place.
    func finish() throws(TestReportWriteError) {
        flush()
        file.close()
        if let failure = file.failure {
            try? FileManager.default.removeItem(atPath: partialPath)
            throw TestReportWriteError(path: path, reason: "\(failure)")
        }
        do {
            try FileRename.replace(target, with: partialPath)
        } catch {
            try? FileManager.default.removeItem(atPath: partialPath)
            throw TestReportWriteError(path: path, reason: "\(error)")
        }
    }

    /// Gives up: the partial file goes, the destination keeps what it had.
    func abandon() {
        file.close()
        try? FileManager.default.removeItem(atPath: partialPath)
    }
}

/// Why a report file could not be written.
public struct TestReportWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write the report '\(path)': \(reason)" }
}
