import Foundation
import NightshiftServices

/// What's New per locale and screenshots per locale, read before anything changes. A version
/// not created yet is judged by the platform's previous version, whose locales, texts and
/// screenshots Apple copies into a new one.
struct AppStoreReleaseLocalizationCheck: Sendable {
    typealias R = AppStoreReleaseResources

    var client: AppStoreConnectClient

    func check(_ versions: [R.Version], _ request: AppStoreReleaseRequest, into plan: inout AppStoreReleasePlan) async throws {
        var localizations: [R.Localization] = []
        if let source = plan.version.id ?? versions.first?.id { localizations = try await self.localizations(of: source) }
        if plan.isFirstVersion {
            if request.whatsNew != .none {
                plan.notes.append("What's New is not sent on an app's first version (Apple refuses it there)")
            }
        } else {
            whatsNew(localizations, request.whatsNew, into: &plan)
        }
        var bare: [String] = []
        for localization in localizations {
            let count = try await screenshots(of: localization.id)
            if count == 0 { bare.append(localization.attributes?.locale ?? localization.id) }
        }
        if !bare.isEmpty {
            plan.problems.append(
                "no screenshots for \(bare.joined(separator: ", ")): upload them in App Store Connect before submitting")
        }
    }

    func localizations(of version: String) async throws -> [R.Localization] {
        try await client.list(R.Localization.self, "v1/appStoreVersions/\(version)/appStoreVersionLocalizations")
    }

    private func whatsNew(
        _ localizations: [R.Localization], _ wanted: AppStoreReleaseRequest.WhatsNew, into plan: inout AppStoreReleasePlan
    ) {
        var byLocale: [String: R.Localization] = [:]
        for localization in localizations { if let locale = localization.attributes?.locale { byLocale[locale] = localization } }
        let texts: [String: String]
        switch wanted {
        case .none: texts = [:]
        case .everyLocale(let text): texts = Dictionary(uniqueKeysWithValues: byLocale.keys.map { ($0, text) })
        case .perLocale(let map): texts = map
        }
        // A created version's localizations are new ones, their ids read after it exists; Apple
        // copies the previous version's texts into them but leaves What's New to fill.
        let known = plan.version.id != nil
        if !known { for locale in byLocale.keys { byLocale[locale]?.attributes?.whatsNew = nil } }
        for (locale, text) in texts.sorted(by: { $0.key < $1.key }) where byLocale[locale]?.attributes?.whatsNew != text || !known {
            plan.whatsNew.append(.init(locale: locale, localizationID: known ? byLocale[locale]?.id : nil, text: text))
        }
        let missing = byLocale.keys.sorted().filter { locale in
            (texts[locale] ?? byLocale[locale]?.attributes?.whatsNew ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        if !missing.isEmpty {
            plan.problems.append(
                "What's New is missing for \(missing.joined(separator: ", ")): Apple refuses an update without it; add them to 'whats_new:'"
            )
        }
    }

    /// Screenshots of a localization, over all its display types.
    private func screenshots(of localization: String) async throws -> Int {
        try await client.list(
            R.ScreenshotSet.self, "v1/appStoreVersionLocalizations/\(localization)/appScreenshotSets",
            query: [("include", "appScreenshots")]
        ).reduce(0) { $0 + ($1.relationships?.appScreenshots?.data?.count ?? 0) }
    }
}
