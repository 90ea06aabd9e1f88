import Foundation

/// The Notary API's JSON, as Apple documents it ("Submit Software", "Get Submission Status",
/// "Get Submission Log", "Get Previous Submissions"). Optional wherever Apple may leave a field out.
enum NotaryResources {
    /// `POST /notary/v2/submissions`'s answer (`NewSubmissionResponse`).
    struct NewSubmission: Decodable {
        struct Data: Decodable {
            struct Attributes: Decodable {
                var awsAccessKeyId: String
                var awsSecretAccessKey: String
                var awsSessionToken: String?
                var bucket: String
                var object: String
            }
            var id: String
            var attributes: Attributes
        }
        var data: Data
    }

    /// `GET /notary/v2/submissions/{id}`'s answer (`SubmissionResponse`).
    struct Submission: Decodable {
        struct Data: Decodable {
            struct Attributes: Decodable {
                var status: String?
                var name: String?
                var createdDate: String?
            }
            var id: String
            var attributes: Attributes?
        }
        var data: Data
    }

    /// `GET /notary/v2/submissions`'s answer (`SubmissionListResponse`): the team's last 100.
    struct SubmissionList: Decodable {
        var data: [Submission.Data]
    }

    /// `GET /notary/v2/submissions/{id}/logs`'s answer (`SubmissionLogURLResponse`).
    struct LogURL: Decodable {
        struct Data: Decodable {
            struct Attributes: Decodable { var developerLogUrl: String? }
            var id: String?
            var attributes: Attributes?
        }
        var data: Data
    }
}

/// A submission's status as Apple spells it.
enum NotaryStatus: Equatable, Sendable, CustomStringConvertible {
    case inProgress, accepted, invalid, rejected
    case other(String)

    init(_ text: String) {
        switch text {
        case "In Progress": self = .inProgress
        case "Accepted": self = .accepted
        case "Invalid": self = .invalid
        case "Rejected": self = .rejected
        default: self = .other(text)
        }
    }

    var description: String {
        switch self {
        case .inProgress: "In Progress"
        case .accepted: "Accepted"
        case .invalid: "Invalid"
        case .rejected: "Rejected"
        case .other(let text): text
        }
    }

    /// Apple has decided: the log is there to fetch.
    var isFinished: Bool { self != .inProgress }
}

/// The developer log a finished submission leaves (the JSON `notarytool log` prints).
struct NotaryLog: Decodable, Sendable {
    struct Issue: Decodable, Sendable {
        var severity: String?
        var code: Int?
        var path: String?
        var message: String?
        var docUrl: String?
        var architecture: String?

        /// `error: Contents/MacOS/App (arm64): The binary is not signed. (https://…)`
        var line: String {
            var text = "\(severity ?? "issue"): \(path ?? "(no path)")"
            if let architecture { text += " (\(architecture))" }
            text += ": \(message ?? "(no message)")"
            if let docUrl { text += " (\(docUrl))" }
            return text
        }

        var isWarning: Bool { severity?.lowercased() == "warning" }
    }

    var status: String?
    var statusSummary: String?
    /// The SHA-256 of the file Apple received: what tells a submission of these bytes from a
    /// same-named one of other bytes (Apple's lists carry names and dates only).
    var sha256: String?
    var issues: [Issue]?
    var ticketContents: [TicketEntry]?

    struct TicketEntry: Decodable, Sendable {
        var path: String?
        var digestAlgorithm: String?
        var cdhash: String?
        var arch: String?
    }
}
