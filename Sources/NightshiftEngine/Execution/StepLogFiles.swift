public import NightshiftSystem

/// Creates step logs. A seam of its own so that a test can make a log's writes fail as a full
/// disk would, which no test machine can be relied on to do for real.
public protocol StepLogFiles: Sendable {
    func create(_ path: String) throws -> any StepLogFile
}

/// An open step log.
public protocol StepLogFile: AnyObject {
    /// Writes the whole buffer; false when it could not (`failureReason` says why).
    func write(_ buffer: UnsafeRawBufferPointer) -> Bool
    /// Why a write or the close failed, in the system's words; nil while all is well.
    var failureReason: String? { get }
    func close()
}

/// Step logs as files on disk.
public struct DiskStepLogFiles: StepLogFiles {
    public init() {}

    public func create(_ path: String) throws -> any StepLogFile {
        try WritableFile(creatingOrTruncating: path)
    }
}

extension WritableFile: StepLogFile {
    public var failureReason: String? { failure?.reason }
}
