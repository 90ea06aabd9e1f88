import NightshiftCore

/// One upload key that takes a single value, and how its text becomes a typed value: the only
/// code that decodes that key. The loader runs it on values written out in lanes.yml, so a bad
/// one is a located error before anything runs; an upload runs it on the others once their
/// variables are expanded, when its destination's settings are decoded.
public struct UploadKey<Value: Sendable>: Sendable {
    public let name: String
    private let decodeText: @Sendable (String) throws(UploadValueProblem) -> Value

    public init(_ name: String, decode: @escaping @Sendable (String) throws(UploadValueProblem) -> Value) {
        self.name = name
        self.decodeText = decode
    }

    public func decode(_ text: String) throws(UploadValueProblem) -> Value { try decodeText(text) }
}

/// Why a value does not fit its key, worded to follow "upload to <destination>: ".
public struct UploadValueProblem: Error, Sendable, Hashable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

extension UploadSettings {
    /// `key`'s value, decoded; nil when absent or empty.
    public func value<Value>(_ key: UploadKey<Value>, for destination: UploadDestination) throws(UploadError) -> Value? {
        guard let text = string(key.name) else { return nil }
        return try decode(text, as: key, for: destination)
    }

    /// `key`'s value, decoded; absent or empty is an error.
    public func required<Value>(_ key: UploadKey<Value>, for destination: UploadDestination) throws(UploadError) -> Value {
        try decode(try required(key.name, for: destination), as: key, for: destination)
    }

    private func decode<Value>(_ text: String, as key: UploadKey<Value>, for destination: UploadDestination) throws(UploadError) -> Value {
        do throws(UploadValueProblem) {
            return try key.decode(text)
        } catch {
            throw UploadError(destination, error.message, reason: .invalidSetting)
        }
    }
}
