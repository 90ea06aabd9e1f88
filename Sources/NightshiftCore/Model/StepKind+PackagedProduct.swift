extension StepKind {
    /// The file (a .dmg, .zip or .pkg) a `package:` step writes, which a later `notarize:`
    /// without `file:` sends; nil for every other kind. The `package:` step's macOS packaging
    /// fills it in; until a step writes one, no kind does, and `notarize:` needs `file:`.
    public var packagedProduct: Template? {
        nil
    }
}
