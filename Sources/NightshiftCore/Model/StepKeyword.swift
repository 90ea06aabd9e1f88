/// The kinds of step, by the key that introduces each in lanes.yml. `StepKind` adds what each
/// kind carries; this is what the parser, the performer registry, validation and reports name a
/// kind by. Adding a case makes the compiler list every place that must handle it
/// (ARCHITECTURE.md, "Add a step kind").
public enum StepKeyword: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    case sh
    case lane
    case package
    case importCertificate = "import_certificate"
    case installProfile = "install_profile"
    case archive
    case export
    case upload
    case test
    case notarize
    /// `signing: sync`: certificates and profiles made on App Store Connect for the run.
    case signing
    /// `release:`: an App Store version prepared, its build attached, submitted for review.
    case release

    /// Every keyword as written, in the order error notes list them.
    public static let names = allCases.map(\.rawValue)

    public var description: String { rawValue }

    public static func < (lhs: StepKeyword, rhs: StepKeyword) -> Bool { lhs.rawValue < rhs.rawValue }
}
