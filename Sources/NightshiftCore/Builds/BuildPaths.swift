/// Where an archive and an export put their files: all inside the run's own output folder.
public struct BuildPaths: Sendable, Hashable {
    public var output: String
    public var productName: String

    public init(output: String, productName: String) {
        self.output = output
        self.productName = productName
    }

    public var archive: String { "\(output)/\(productName).xcarchive" }
    public var derivedData: String { "\(output)/DerivedData" }
    /// xcodebuild names the .ipa after the product; it is moved to `ipa` afterwards.
    public var exportFolder: String { "\(output)/export" }
    public var exportOptionsPlist: String { "\(output)/ExportOptions.plist" }
    /// The per-bundle signing settings `archive` passes with `-xcconfig` (`SigningXCConfig`).
    public var signingXCConfig: String { "\(output)/Signing.xcconfig" }
    public var ipa: String { "\(output)/\(productName).ipa" }
    /// `test:`'s own derived data: a simulator build, never mixed with the archive's device one.
    public var testDerivedData: String { "\(output)/TestDerivedData" }
    /// Where `build-for-testing` leaves the `.xctestrun` files and what they run.
    public var testProducts: String { "\(testDerivedData)/Build/Products" }
    /// Result bundles, enumerations and reports of the test steps.
    public var tests: String { "\(output)/tests" }
}
