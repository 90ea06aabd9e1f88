import Foundation

/// A system call that failed, with the C library's words for why.
public struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done, e.g. "cannot read '/tmp/App.ipa'".
    public var action: String
    public var code: Int32

    public init(_ action: String, code: Int32) {
        self.action = action
        self.code = code
    }

    /// Takes the calling thread's `errno`; call right after the failed call.
    static func last(_ action: String) -> SystemCallError {
        SystemCallError(action, code: errno)
    }

    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(action): \(reason)" }
}
