public import NightshiftSystem

/// What a step kind makes and what it needs, so a resumed run knows which files prove a step's
/// work is still there, which earlier step's work a step consumes, and which resources
/// (keychain, profiles) must be set up again before it runs.
public enum BuildProduct: String, Sendable, Hashable, Codable, CaseIterable {
    /// `<product>.xcarchive`, a directory.
    case archive
    /// `<product>.ipa`.
    case ipa
    /// The `ExportOptions.plist` the export signed with.
    case exportOptions
    /// What `xcodebuild build-for-testing` made: the `.xctestrun` files and the apps and test
    /// bundles beside them (`Build/Products` of the tests' derived data), a directory.
    case testProducts
    /// `export/<product>.app`, a directory: what a Developer ID (or Mac application) export
    /// signs, in place of the `.ipa` (`ExportedBundle`).
    case app
}

extension StepKind {
    /// The build products a step of this kind leaves in the run's output folder.
    public var products: [BuildProduct] {
        switch self {
        case .package, .packageInto: [.archive, .exportOptions, .ipa]
        case .archive: [.archive]
        case .export: [.exportOptions, .ipa]
        case .test(let settings):
            if case .xcode = settings.subject { [.testProducts] } else { [] }
        case .sh, .lane, .upload, .importCertificate, .installProfile, .notarize, .signingSync, .release: []
        }
    }

    /// `products` as a step of this kind leaves them with `exportMethod` in force: a Mac export
    /// makes the `.app` where an iOS one makes the `.ipa`. (`products` itself names the export's
    /// product `.ipa` whatever the method, which is what the journal's producers are keyed by.)
    public func products(exportMethod: String?) -> [BuildProduct] {
        guard let exportMethod, ExportedBundle(method: exportMethod) == .app else { return products }
        return products.map { $0 == .ipa ? .app : $0 }
    }

    /// The products of earlier steps this kind reads: its fingerprint includes theirs.
    public var consumes: [BuildProduct] {
        switch self {
        case .export: [.archive]
        case .upload: [.ipa]
        case .sh, .lane, .package, .packageInto, .importCertificate, .installProfile, .archive, .test, .notarize, .signingSync, .release: []
        }
    }

    /// Whether the kind sets up a resource (the temporary keychain, installed profiles) rather
    /// than making an artifact. Resources are torn down at the end of every run, so a resumed
    /// run sets them up again; re-doing that is no reason to re-run the steps after it.
    public var setsUpResource: Bool {
        switch self {
        // `signing: sync` writes the signing files into the run's folder, and checks the portal:
        // cheap, so a resumed run does it again.
        case .importCertificate, .installProfile, .signingSync: true
        case .sh, .lane, .package, .packageInto, .archive, .export, .upload, .test, .notarize, .release: false
        }
    }
}

extension BuildPaths {
    /// Where a product is once its step has run.
    public func path(of product: BuildProduct) -> AbsolutePath {
        switch product {
        case .archive: archive
        case .ipa: ipa
        case .exportOptions: exportOptionsPlist
        case .testProducts: testProducts
        case .app: app
        }
    }
}
