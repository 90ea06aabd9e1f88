/// Named locks as CI concurrency groups. An engine gives a job one group (GitHub: one per job and
/// one per workflow; Buildkite: one per step), where nightshift holds any number of locks. So the
/// lanes whose locks overlap, directly or through another lane, share one group named after all
/// their locks: two of them never run at once, so no two hold one lock. That is stricter than
/// nightshift (lanes `a: [x]` and `c: [y]` wait for each other when `b: [x, y]` exists), never
/// looser. The groups come from every lane of the file, so exporting some lanes now and others
/// later gives them the same groups.
struct LockGroups {
    /// Lock name → the sorted names of its group.
    private var groupOf: [String: [String]] = [:]

    init(_ plans: [ExportLanePlan]) {
        var parent: [String: String] = [:]
        func root(_ name: String) -> String {
            var name = name
            while let up = parent[name], up != name { name = up }
            return name
        }
        for plan in plans {
            for lock in plan.locks where parent[lock] == nil { parent[lock] = lock }
            for lock in plan.locks.dropFirst() {
                let (a, b) = (root(plan.locks[0]), root(lock))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var members: [String: [String]] = [:]
        for lock in parent.keys { members[root(lock), default: []].append(lock) }
        for (_, group) in members {
            let sorted = group.sorted()
            for lock in sorted { groupOf[lock] = sorted }
        }
    }

    /// The locks whose group `plan` joins; empty for a lane that takes none.
    func group(of plan: ExportLanePlan) -> [String] {
        plan.locks.first.flatMap { groupOf[$0] } ?? []
    }
}
