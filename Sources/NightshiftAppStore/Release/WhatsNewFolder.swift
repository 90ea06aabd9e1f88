import Foundation
import NightshiftCore

/// `whats_new: { from: DIR }`: What's New per locale from `DIR/<locale>.txt`, or from fastlane's
/// metadata layout `DIR/<locale>/release_notes.txt`, so a team brings its `fastlane/metadata`
/// folder as it is. Folders that are no locale (`review_information`, `default`, `appleTV`) are
/// not read.
enum WhatsNewFolder {
    static func texts(in folder: String) throws(AppStoreReleaseError) -> [String: String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw AppStoreReleaseError("whats_new: cannot read the folder '\(folder)'", reason: .missingFile)
        }
        var texts: [String: String] = [:]
        for entry in entries.sorted() {
            let path = (folder as NSString).appendingPathComponent(entry)
            if entry.hasSuffix(".txt") {
                let locale = String(entry.dropLast(4))
                if ReleaseSettings.isLocale(locale), let text = read(path) { texts[locale] = text }
            } else if ReleaseSettings.isLocale(entry), let text = read((path as NSString).appendingPathComponent("release_notes.txt")) {
                texts[entry] = text
            }
        }
        guard !texts.isEmpty else {
            throw AppStoreReleaseError(
                "whats_new: '\(folder)' holds no <locale>.txt and no <locale>/release_notes.txt (en-US.txt, de-DE/release_notes.txt)",
                reason: .missingFile)
        }
        return texts
    }

    /// The file's text, trimmed; nil when absent or empty.
    private static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
