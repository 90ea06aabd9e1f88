import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

/// xcodebuild's rules for the engine's condensed display: one `XcodebuildOutputFilter` per
/// channel, and one record of hidden lines shared by both.
public struct XcodebuildCondenser: OutputCondenser {
    private var filters = [XcodebuildOutputFilter(), XcodebuildOutputFilter()]
    private var hidden = HiddenXcodebuildLines()

    public init() {}

    public var toolName: String { "xcodebuild" }
    public var keeps: String { "errors, warnings and build phases, and what came before a failure" }

    public mutating func feed(_ chunk: [UInt8], from channel: OutputChannel) -> [String] {
        filters[Self.index(of: channel)].feed(chunk, hiding: &hidden)
    }

    public mutating func finish(_ channel: OutputChannel) -> [String] {
        filters[Self.index(of: channel)].finish(hiding: &hidden)
    }

    public var sawFailure: Bool { filters.contains(where: \.sawFailureBanner) }
    public var hiddenLines: [String] { hidden.lastLines }

    private static func index(of channel: OutputChannel) -> Int {
        channel == .standardOutput ? 0 : 1
    }
}
