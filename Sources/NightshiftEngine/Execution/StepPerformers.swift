public import NightshiftCore

/// Which performer runs each kind of step. The composition root builds it with an exhaustive
/// `switch` over `StepKeyword`, so a new kind does not compile until it has a performer (or is
/// said to have none). `lane:` has none: the engine runs a called lane's steps inline.
public struct StepPerformers: Sendable, ExpressibleByDictionaryLiteral {
    private var performers: [StepKeyword: any StepPerformer]

    /// Asks `performer` once for every kind.
    public init(_ performer: (StepKeyword) -> (any StepPerformer)?) {
        var performers: [StepKeyword: any StepPerformer] = [:]
        for keyword in StepKeyword.allCases { performers[keyword] = performer(keyword) }
        self.performers = performers
    }

    /// Only the kinds listed; a lane using another fails before its first step (tests use this).
    public init(dictionaryLiteral elements: (StepKeyword, any StepPerformer)...) {
        performers = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    public subscript(keyword: StepKeyword) -> (any StepPerformer)? {
        get { performers[keyword] }
        set { performers[keyword] = newValue }
    }
}
