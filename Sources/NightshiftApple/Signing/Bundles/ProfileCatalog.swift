/// Every provisioning profile in the signing folder (`codesigning.path`): iOS, watchOS, tvOS
/// and visionOS ones as `.mobileprovision`, macOS ones as `.provisionprofile`. Read once per
/// plan; a file that is no profile is kept with its reason, so a bundle left without one can
/// say which file was passed over and why.
public struct ProfileCatalog: Sendable {
    public struct Entry: Sendable, Hashable {
        /// The file's path, as the folder's path was given.
        public var path: String
        /// The file name without its extension: what `provisioning_profile:` and `profiles:` name.
        public var stem: String
        public var profile: ProvisioningProfile
    }

    public var folder: String
    public var entries: [Entry]
    /// Files with a profile's extension that could not be read: path → why.
    public var unreadable: [String: String]

    public static let extensions = ["mobileprovision", "provisionprofile"]

    public init(folder: String, entries: [Entry], unreadable: [String: String] = [:]) {
        self.folder = folder
        self.entries = entries
        self.unreadable = unreadable
    }

    /// Reads the folder; an absent folder is an empty catalog (the caller names what it lacks).
    public static func read(folder: String, files: any SigningFileSystem) -> ProfileCatalog {
        let names = ((try? files.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var entries: [Entry] = []
        var unreadable: [String: String] = [:]
        for name in names {
            guard let dot = name.lastIndex(of: "."), extensions.contains(String(name[name.index(after: dot)...])),
                !name.hasPrefix(".")
            else { continue }
            let path = "\(folder)/\(name)"
            do {
                let profile = try ProvisioningProfile(contentsOf: files.contents(atPath: path))
                entries.append(Entry(path: path, stem: String(name[..<dot]), profile: profile))
            } catch let error as ProvisioningProfile.Unreadable {
                unreadable[path] = error.description
            } catch {
                unreadable[path] = "cannot read it (\(error))"
            }
        }
        return ProfileCatalog(folder: folder, entries: entries, unreadable: unreadable)
    }

    /// The profile a setting names: the file `<value>.mobileprovision` or `.provisionprofile`,
    /// else the profile whose `Name` or `UUID` is the value (a name as the portal shows it).
    public func named(_ value: String) -> Entry? {
        entries.first { $0.stem == value } ?? entries.first { $0.profile.name == value } ?? entries.first { $0.profile.uuid == value }
    }
}
