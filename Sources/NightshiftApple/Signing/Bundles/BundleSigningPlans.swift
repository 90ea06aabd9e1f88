/// The plans made so far in this process, by run folder and configuration: a plan runs
/// xcodebuild and openssl, and the preflight, `install_profile`, `archive` and `export` of one
/// run must sign alike.
actor BundleSigningPlans {
    private var plans: [String: BundleSigningPlan] = [:]

    func plan(for key: String) -> BundleSigningPlan? { plans[key] }

    func store(_ plan: BundleSigningPlan, for key: String) { plans[key] = plan }
}
