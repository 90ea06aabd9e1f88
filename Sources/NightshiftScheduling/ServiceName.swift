import Crypto
import Foundation
import NightshiftCore
public import NightshiftSystem

/// Names for the service that runs the daemon of one lanes file. One fixed name would make the
/// second project's unit (or agent) silently replace the first's: the name carries the lanes
/// file's folder, readable, and a short hash of its absolute path, unique.
public enum ServiceName {
    /// `nightshift-<folder>-<hash>.service`.
    public static func systemdUnit(forLanesFile lanesFile: AbsolutePath) -> String {
        "nightshift-\(slug(forLanesFile: lanesFile)).service"
    }

    /// `dev.nightshift.scheduler.<folder>-<hash>`.
    public static func label(forLanesFile lanesFile: AbsolutePath) -> String {
        "dev.nightshift.scheduler.\(slug(forLanesFile: lanesFile))"
    }

    /// The folder's name in the characters both systemd unit names and launchd labels take
    /// (ASCII letters, digits, `_`, `-`; anything else becomes `-`), at most 32 of them, then
    /// the first 8 hex digits of the SHA-256 of the path.
    static func slug(forLanesFile lanesFile: AbsolutePath) -> String {
        let folder = lanesFile.parent.lastComponent
        var name = ""
        for scalar in folder.unicodeScalars {
            let kept = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-")
            if kept { name.unicodeScalars.append(scalar) } else if !name.hasSuffix("-") { name += "-" }
        }
        name = String(name.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(32))
        let hash = SHA256.hash(data: Data(lanesFile.string.utf8)).prefix(4).hexString
        return (name.isEmpty ? "lanes" : name) + "-" + hash
    }
}
