import NightshiftServices

/// Apple's 409 to a submission, said in full: every associated error as Apple wrote it (title and
/// detail), and for unanswered App Privacy questions what to do, since the public API cannot
/// answer them.
enum AppStoreReleaseRefusal {
    static func explaining<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let error as AppStoreConnectError where error.status == 409 {
            throw AppStoreReleaseError(message(error), apple: error)
        }
    }

    static func message(_ error: AppStoreConnectError) -> String {
        var lines = ["App Store Connect refused the submission (HTTP 409):"]
        let all = error.errors + error.errors.flatMap(\.associatedErrors)
        for apple in all {
            let words = [apple.code, apple.title, apple.detail].compactMap { $0 }.filter { !$0.isEmpty }
            lines.append("  " + words.joined(separator: " - "))
        }
        if all.isEmpty { lines.append("  " + error.message) }
        let text = all.flatMap { [$0.title, $0.detail] }.compactMap { $0?.lowercased() }.joined(separator: " ")
        if text.contains("data usage") || text.contains("data your app collects") || text.contains("app privacy") {
            lines.append(
                "App Privacy must be completed once in App Store Connect (App Privacy → Get Started): the public API cannot answer it")
        }
        return lines.joined(separator: "\n")
    }
}
