import Foundation
import NightshiftCore
import NightshiftSystem

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
            let path = "\(folder)/\(entry)"
            if entry.hasSuffix(".txt") {
                let locale = String(entry.dropLast(4))
                if ReleaseSettings.isLocale(locale), let text = try read(path) { texts[locale] = text }
            } else if ReleaseSettings.isLocale(entry), let text = try read("\(path)/release_notes.txt") {
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

    /// The file's text, trimmed; nil when absent or empty. Regular files only, opened without
    /// blocking: a FIFO there would hold the release past SIGTERM, /dev/zero fill the memory.
    private static func read(_ path: String) throws(AppStoreReleaseError) -> String? {
        let data: Data
        do { data = try WholeFile.contents(of: path, atMost: largestFile) } catch {
            if case .absent = error { return nil }
            throw AppStoreReleaseError(
                "whats_new: cannot read '\(path)': \(error.reason(reading: path, limit: largestFile))", reason: .missingFile)
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// What's New holds at most 4,000 characters; a file far larger is no release note.
    static let largestFile: Int64 = 1 << 20
}
