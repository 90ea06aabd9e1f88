/// What every dSYM destination reads besides its own keys: where the dSYMs are and how strict
/// the check of the archived app against them is.
public struct SymbolSource: Sendable, Hashable {
    /// `dsyms:` as given (a folder of `.dSYM` bundles); nil: the archive's `dSYMs/`.
    public var folder: String?
    /// `require_all:`: a binary without a dSYM is an error, not a warning.
    public var requireAll: Bool

    public init(folder: String? = nil, requireAll: Bool = false) {
        self.folder = folder
        self.requireAll = requireAll
    }

    public init(_ settings: UploadSettings, for destination: UploadDestination) throws(UploadError) {
        folder = settings.string("dsyms")
        requireAll = try settings.value(UploadKeys.requireAll, for: destination) ?? false
    }
}
