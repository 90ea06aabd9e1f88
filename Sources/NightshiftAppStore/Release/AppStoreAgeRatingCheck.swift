import NightshiftServices

/// The age rating questionnaire, read before anything changes: Apple added questions in 2025
/// and refused submissions until they were answered (fastlane#29795, #29804). A question Apple
/// holds as `null` is not answered. The questionnaire is the app info's (`GET
/// /v1/appInfos/{id}/ageRatingDeclaration`; the version's relationship is deprecated), of the
/// info being edited when there are two (the live one and the next).
struct AppStoreAgeRatingCheck: Sendable {
    var client: AppStoreConnectClient

    /// Attributes that are settings or links, not questions: null is a fine answer for them.
    static let optional: Set = [
        "ageRatingOverride", "ageRatingOverrideV2", "koreaAgeRatingOverride", "developerAgeRatingInfoUrl", "kidsAgeBand",
        "seventeenPlus", "gamblingAndContests",
    ]

    /// The questions not answered, sorted; nil when Apple shows no questionnaire to read.
    func unanswered(app: String) async throws -> [String]? {
        let infos = try await client.list(AppInfo.self, "v1/apps/\(app)/appInfos")
        let released: Set = ["READY_FOR_DISTRIBUTION", "READY_FOR_SALE", "REPLACED_WITH_NEW_VERSION"]
        guard
            let info = infos.first(where: { !released.contains($0.attributes?.state ?? $0.attributes?.appStoreState ?? "") })
                ?? infos.first,
            let declaration = try await client.get(Declaration?.self, "v1/appInfos/\(info.id)/ageRatingDeclaration")
        else { return nil }
        return declaration.unanswered.filter { !Self.optional.contains($0) }.sorted()
    }

    typealias AppInfo = JSONAPI.Resource<AppInfoAttributes>

    struct AppInfoAttributes: Decodable, Sendable {
        var state: String?
        /// Deprecated, read only when `state` is absent.
        var appStoreState: String?
    }

    /// Only which attributes are `null`: the questions change, their names are not kept here.
    struct Declaration: Decodable, Sendable {
        var id: String
        var unanswered: [String]

        private enum Keys: String, CodingKey { case id, attributes }

        private struct Name: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            guard container.contains(.attributes), !(try container.decodeNil(forKey: .attributes)) else {
                unanswered = []
                return
            }
            let attributes = try container.nestedContainer(keyedBy: Name.self, forKey: .attributes)
            unanswered = try attributes.allKeys.filter { try attributes.decodeNil(forKey: $0) }.map(\.stringValue)
        }
    }
}
