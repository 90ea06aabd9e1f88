public import Foundation

/// Installs a profile where Xcode looks for it, as `<UUID>.mobileprovision` (`<UUID>.provisionprofile`
/// for a Mac's, the extension Xcode reads for macOS): the Xcode 16+ folder and the older one
/// (earlier versions read only it).
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

    public static func destinations(uuid: String, home: String, mac: Bool = false) -> [String] {
        folders(home: home).map { "\($0)/\(uuid).\(mac ? "provisionprofile" : "mobileprovision")" }
    }

    /// Copies the profile's bytes into both folders; returns the paths written.
    ///
    /// Each copy is written under a temporary name in its folder, then renamed over the
    /// destination: Xcode, or another lane installing the same profile at the same moment,
    /// reads the old profile or the new one, never a half-written one. The temporary name
    /// starts with a dot and does not end in `.mobileprovision`, so nothing takes it for a
    /// profile, and is unique to this install, so two lanes never write the same file.
    @discardableResult
    public func install(_ data: Data, uuid: String, home: String, mac: Bool = false) throws -> [String] {
        // The UUID becomes a file name: one from a crafted profile (`../x`) must not leave the folder.
        guard Self.isUUID(uuid) else { throw CocoaError(.fileWriteInvalidFileName) }
        let destinations = Self.destinations(uuid: uuid, home: home, mac: mac)
        for (folder, destination) in zip(Self.folders(home: home), destinations) {
            try files.createDirectory(atPath: folder)
            let temporary = "\(folder)/.\(uuid).\(UUID().uuidString).partial"
            do {
                try files.write(data, toPath: temporary)
                try files.replaceItem(atPath: destination, withItemAt: temporary)
            } catch {
                try? files.removeItem(atPath: temporary)
                throw error
            }
        }
        return destinations
    }

    /// Apple's profile UUIDs: hex digits and dashes.
    public static func isUUID(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 64
            && value.unicodeScalars.allSatisfy {
                ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) || $0 == "-"
            }
    }
}
