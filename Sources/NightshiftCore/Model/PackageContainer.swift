/// `package: { dmg: build/App.dmg }`: after packaging, the exported Mac app goes into a
/// container, a disk image, a zip archive or an installer package, written to `path`.
public struct PackageContainer: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// A compressed disk image (`hdiutil create -format UDZO`), signed with `codesign`.
        case dmg
        /// `ditto -c -k --keepParent`: the app folder itself inside the zip, as Finder's Compress makes it.
        case zip
        /// A flat installer package (`productbuild --component`), signed with the configuration's
        /// `installer_certificate`.
        case pkg
    }

    public var format: Format
    /// Where the container is written; relative to the lanes file's folder.
    public var path: Template
    public var location: SourceLocation?

    public init(format: Format, path: Template, location: SourceLocation? = nil) {
        self.format = format
        self.path = path
        self.location = location
    }

    /// Why `path` cannot be where the container goes; nil when it can. `test.junit`'s rule
    /// (`WorkspacePath`), NUL and line breaks refused, and a file named with the format's
    /// extension, so `notarize:` and the reader know what it holds.
    public static func pathProblem(_ path: String, format: Format) -> String? {
        if path.isEmpty { return "is empty" }
        if path.utf8.contains(0) || path.contains("\n") || path.contains("\r") { return "holds a NUL or a line break" }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        if path.hasSuffix("/") || last == "." || last == ".." {
            return "names a folder; name the file, e.g. build/App.\(format.rawValue)"
        }
        if !last.lowercased().hasSuffix(".\(format.rawValue)") || last.count == format.rawValue.count + 1 {
            return "must name a .\(format.rawValue) file, e.g. build/App.\(format.rawValue)"
        }
        // hdiutil(1) create adds the image format's extension to a name that does not end in it,
        // and it compares case-sensitively: `App.DMG` is written as `App.DMG.dmg`, and the step,
        // `notarize:` and `--resume` would look for a file that is not there. Refused rather than
        // rewritten, so the path in lanes.yml is the file on disk (a case-insensitive volume would
        // otherwise make `App.dmg` and `App.DMG` one file on a Mac and two on Linux).
        if format == .dmg, !last.hasSuffix(".dmg") {
            return "must end in lowercase .dmg: hdiutil appends '.dmg' to any other name, so the image would not be at this path"
        }
        if WorkspacePath.leavesFolder(path) { return "leaves the lanes file's folder; write an absolute path to put it outside" }
        return nil
    }
}
