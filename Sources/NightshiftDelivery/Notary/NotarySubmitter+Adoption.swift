import Foundation
import NightshiftCore
import NightshiftEngine

/// A record an earlier run wrote before asking Apple for a submission, still without an id: that
/// run was cut off (killed, or its connection dropped after the request left) before Apple's
/// answer came back, so Apple may or may not have made the submission. Apple's list of the team's
/// recent submissions (`GET /notary/v2/submissions`) has names and dates, not hashes, and anyone
/// in the team may have submitted a file of the same name since (issue #38 §5: a different file's
/// `Accepted` passed the step). A submission named as the record's file and created since the
/// record was written is taken over only when its developer log, which Apple writes once it has
/// decided, gives the SHA-256 the record holds. Anything else (none, a different SHA-256, one
/// still in progress, whose log does not exist yet) cannot be told from someone else's: nothing is
/// submitted, and the person is told which record to remove to submit anew.
extension NotarySubmitter {
    /// Apple's clock and this machine's may differ: a submission created up to this long before
    /// the record was written still counts as the one it announced.
    static let clockSkew: TimeInterval = 5 * 60

    func adopt(_ pending: NotarySubmissionRecord) async throws -> NotarySubmissionRecord {
        var looked = ""
        if case .api(let api, _, _) = method {
            do {
                let matches = Self.candidates(in: try await api.recentSubmissions(), for: pending)
                var unproven: [String] = []
                for match in matches {
                    switch try await Self.received(by: match, api: api) {
                    case pending.sha256?: return try await take(match, for: pending)
                    case let other?: unproven.append("\(match.id): another file's, sha256 \(other)")
                    case nil: unproven.append("\(match.id): still in progress, its SHA-256 not known until Apple decides")
                    }
                }
                looked =
                    matches.isEmpty
                    ? "Apple's recent submissions hold none named '\(pending.name)' since then; "
                    : "Apple's recent submissions named '\(pending.name)' since then are not proven this file's ("
                        + unproven.joined(separator: "; ") + "); "
            } catch let error as NotaryError {
                looked = "Apple's recent submissions could not be listed (\(error.message)); "
            }
        }
        throw NotaryError(
            "an earlier run (\(UTCTimestamp.iso8601(pending.created))) began submitting this file (sha256 \(pending.sha256)) and was "
                + "cut off before Apple's answer was recorded; \(looked)not submitting the same bytes again automatically. Look for "
                + "'\(pending.name)' in 'xcrun notarytool history …'; to submit anew, remove \(records?.path(sha256: pending.sha256) ?? "its record")",
            reason: .notarizationUnfinished)
    }

    /// The SHA-256 of the file Apple received for `submission`, from its developer log (lowercased,
    /// as the record holds it); nil while Apple has not decided (no log yet).
    static func received(by submission: NotaryResources.Submission.Data, api: NotaryClient) async throws -> String? {
        guard NotaryStatus(submission.attributes?.status ?? "In Progress").isFinished,
            let digest = try await api.developerLog(of: submission.id)?.sha256
        else { return nil }
        return digest.lowercased()
    }

    /// The submissions named as the record's file and created since it was written (less the skew).
    static func candidates(in recent: [NotaryResources.Submission.Data], for pending: NotarySubmissionRecord)
        -> [NotaryResources.Submission.Data]
    {
        let earliest = pending.created.addingTimeInterval(-clockSkew)
        return recent.filter { submission in
            guard let attributes = submission.attributes, attributes.name == pending.name,
                let created = attributes.createdDate.flatMap(Self.date)
            else { return false }
            return created >= earliest
        }
    }

    /// Apple writes `2022-06-08T01:38:09.498Z`; the fraction is read when present.
    static func date(_ text: String) -> Date? {
        UTCTimestamp.date(rfc3339: text)
    }

    /// Records the submission as this file's: Apple decided on it, and its log gave this file's
    /// SHA-256, so Apple received these bytes.
    private func take(_ match: NotaryResources.Submission.Data, for pending: NotarySubmissionRecord) async throws
        -> NotarySubmissionRecord
    {
        let status = NotaryStatus(match.attributes?.status ?? "In Progress")
        var adopted = pending
        adopted.submissionID = match.id
        adopted.status = status.description
        adopted.uploaded = status.isFinished
        try records?.save(adopted)
        await context.journalNotes.record(["submission_id": match.id, "sha256": pending.sha256, "method": "api"])
        await context.log(
            "an earlier run's request to submit this file was cut off before Apple's answer; Apple's recent submissions hold "
                + "submission \(match.id) named '\(pending.name)', created \(match.attributes?.createdDate ?? "?"), \(status): taking it as this file's"
        )
        return adopted
    }
}
