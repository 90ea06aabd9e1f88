public import NightshiftSystem

/// What a step emitted, for assertions.
public actor CapturingOutput {
    public private(set) var standardOutput = ""
    public private(set) var standardError = ""

    public init() {}

    public func append(_ channel: OutputChannel, _ bytes: [UInt8]) {
        switch channel {
        case .standardOutput: standardOutput += String(decoding: bytes, as: UTF8.self)
        case .standardError: standardError += String(decoding: bytes, as: UTF8.self)
        }
    }

    public var all: String { standardOutput + standardError }
}
