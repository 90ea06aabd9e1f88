import Foundation
import NightshiftSystem

/// The App Store status `appstore status LANE --notify` saw last, per lane, in the project's
/// state folder (`.nightshift/appstore/<lane>.json`): what the next check compares with, so a
/// scheduled lane tells people only when something moved. A record that cannot be read counts
/// as none (the next check then only remembers).
public struct AppStoreStatusMemory: Sendable {
    public var folder: String
    public var path: String

    public init(stateDirectory: String, lane: String) {
        folder = stateDirectory + "/appstore"
        // A lane's name is one path component here, whatever it holds.
        path = folder + "/" + lane.replacingOccurrences(of: "/", with: "_") + ".json"
    }

    public func load() -> AppStoreStatus? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(AppStoreStatus.self, from: data)
    }

    /// Written beside and renamed into place: a check killed while writing leaves the old record.
    public func save(_ status: AppStoreStatus) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try DurableFile.replace(path, with: Array(try encoder.encode(status)), sync: false)
    }
}
