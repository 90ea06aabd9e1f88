extension StepKind {
    /// The dmg, zip or pkg a `package:` step writes (`package: { dmg: build/App.dmg }`), as
    /// written; nil for every other kind, the bare `package` included. `notarize:` takes it as its
    /// default `file:`, and `--resume` checks it is still there.
    public var packagedProduct: Template? {
        if case .packageInto(let container) = self { return container.path }
        return nil
    }
}
