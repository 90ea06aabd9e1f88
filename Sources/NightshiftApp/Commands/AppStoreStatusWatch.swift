import NightshiftAppStore
import NightshiftCore
import NightshiftDelivery
import NightshiftSystem

/// `appstore status LANE --notify`, for a scheduled lane: the status read now against the one
/// the last check of the lane remembered (`.nightshift/appstore/<lane>.json`); when a version's,
/// its phased release's or a review submission's state moved, the lane's `notify:` is told, then
/// the new status is remembered. The first check only remembers. A notification not delivered is
/// a warning, and the old status is kept so the next check tells it again.
struct AppStoreStatusWatch {
    var lane: String
    var targets: [NotificationTarget]
    var memory: AppStoreStatusMemory
    var context: CommandContext

    init(file: LanesFile, lane: String?, action: ManageAppStore.Action, context: CommandContext) throws {
        guard action == .status else { throw CommandFailure.usage("--notify goes with 'appstore status' only") }
        guard let lane, let found = file.lane(named: lane) else {
            throw CommandFailure.usage(
                "'appstore status --notify' needs the lane whose notify: to tell (nightshift appstore status LANE --notify)")
        }
        targets = file.notifications(for: found)
        guard !targets.isEmpty else {
            throw CommandFailure.usage("lane '\(lane)' has no notify: (its own or the file's): --notify would tell no one")
        }
        self.lane = lane
        memory = AppStoreStatusMemory(stateDirectory: context.stateDirectory.string, lane: lane)
        self.context = context
    }

    func compare(_ status: AppStoreStatus, environment: EnvironmentVariables) async {
        let output = context.output
        guard let previous = memory.load(), previous.bundleID == status.bundleID, previous.platform == status.platform else {
            remember(status, note: "first check of lane '\(lane)': its App Store status is remembered, nothing is sent")
            return
        }
        let changes = status.changes(since: previous)
        guard !changes.isEmpty else {
            output.out("no change since the last check\n")
            return
        }
        for change in changes { output.out("changed: \(change)\n") }
        let lane = lane
        let warnings = await LaneNotifier(transport: context.transport, clock: context.clock).notify(
            title: status.noticeTitle, facts: AppStoreStatus.noticeFacts(changes), webhook: { status.webhook(changes, lane: lane) },
            lane: lane, targets: targets, environment: environment, secrets: context.secrets,
            log: { line in output.err("notify: \(line)\n") })
        for warning in warnings { context.tell(.warning(warning, at: nil)) }
        if warnings.count < targets.count { remember(status, note: nil) }
    }

    private func remember(_ status: AppStoreStatus, note: String?) {
        do {
            try memory.save(status)
            if let note { context.output.out(note + "\n") }
        } catch {
            context.tell(.warning("the App Store status could not be remembered in \(memory.path): \(error)", at: nil))
        }
    }
}
