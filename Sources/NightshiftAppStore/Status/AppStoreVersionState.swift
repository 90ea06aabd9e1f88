/// An App Store version's state, read from `appVersionState`, else from the deprecated
/// `appStoreState` (whose older names map onto the new ones). A value Apple adds tomorrow is
/// `other`: not editable, never a crash.
enum AppStoreVersionState: Sendable, Hashable, CustomStringConvertible {
    case editable(String)
    case waitingForReview
    case inReview
    case pendingRelease(String)
    case released(String)
    case other(String)
    case unknown

    /// fastlane's `get_edit_app_store_version` set, less `WAITING_FOR_REVIEW` (its own case).
    static let editableNames: Set = [
        "PREPARE_FOR_SUBMISSION", "DEVELOPER_REJECTED", "REJECTED", "METADATA_REJECTED", "INVALID_BINARY",
    ]
    static let releasedNames: Set = [
        "READY_FOR_DISTRIBUTION", "PROCESSING_FOR_DISTRIBUTION", "REPLACED_WITH_NEW_VERSION", "READY_FOR_SALE",
        "PROCESSING_FOR_APP_STORE", "PREORDER_READY_FOR_SALE", "REMOVED_FROM_SALE", "DEVELOPER_REMOVED_FROM_SALE",
    ]
    static let pendingNames: Set = ["PENDING_DEVELOPER_RELEASE", "PENDING_APPLE_RELEASE", "ACCEPTED"]

    init(current: String?, deprecated: String?) {
        guard let name = current ?? deprecated, !name.isEmpty else {
            self = .unknown
            return
        }
        if Self.editableNames.contains(name) {
            self = .editable(name)
        } else if name == "WAITING_FOR_REVIEW" {
            self = .waitingForReview
        } else if name == "IN_REVIEW" {
            self = .inReview
        } else if Self.pendingNames.contains(name) {
            self = .pendingRelease(name)
        } else if Self.releasedNames.contains(name) {
            self = .released(name)
        } else {
            self = .other(name)
        }
    }

    var isEditable: Bool {
        if case .editable = self { true } else { false }
    }

    var description: String {
        switch self {
        case .editable(let name), .pendingRelease(let name), .released(let name), .other(let name): name
        case .waitingForReview: "WAITING_FOR_REVIEW"
        case .inReview: "IN_REVIEW"
        case .unknown: "no state"
        }
    }
}
