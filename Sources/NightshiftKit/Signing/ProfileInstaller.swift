public import Foundation

/// Installs a profile where Xcode looks for it, as `<UUID>.mobileprovision`: the Xcode 16+
/// folder and the older one (Xcode 16 still reads it; earlier versions read only it).
public struct ProfileInstaller: Sendable {
    private let files: any SigningFileSystem

    public init(files: any SigningFileSystem) {
        self.files = files
    }

    /// The folders under `home`, newest Xcode's first.
    public static func folders(home: String) -> [String] {
        [
            "\(home)/Library/Developer/Xcode/UserData/Provisioning Profiles",
            "\(home)/Library/MobileDevice/Provisioning Profiles",
        ]
    }

    public static func destinations(uuid: String, home: String) -> [String] {
        folders(home: home).map { "\($0)/\(uuid).mobileprovision" }
    }

    /// Copies the profile's bytes into both folders; returns the paths written.
    @discardableResult
    public func install(_ data: Data, uuid: String, home: String) throws -> [String] {
        for folder in Self.folders(home: home) { try files.createDirectory(atPath: folder) }
        let destinations = Self.destinations(uuid: uuid, home: home)
        for destination in destinations { try files.write(data, toPath: destination) }
        return destinations
    }
}
