public import NightshiftSystem

/// Where an archive and an export put their files: all inside the run's own output folder.
public struct BuildPaths: Sendable, Hashable {
    public var output: AbsolutePath
    /// One name (an Xcode product name has no `/`), or empty where no product is named.
    public var productName: String

    public init(output: AbsolutePath, productName: String) {
        self.output = output
        self.productName = productName
    }

    public var archive: AbsolutePath { output.appending("\(productName).xcarchive") }
    public var derivedData: AbsolutePath { output.appending("DerivedData") }
    /// xcodebuild names the .ipa after the product; it is moved to `ipa` afterwards.
    public var exportFolder: AbsolutePath { output.appending("export") }
    public var exportOptionsPlist: AbsolutePath { output.appending("ExportOptions.plist") }
    /// The per-bundle signing settings `archive` passes with `-xcconfig` (`SigningXCConfig`).
    public var signingXCConfig: AbsolutePath { output.appending("Signing.xcconfig") }
    public var ipa: AbsolutePath { output.appending("\(productName).ipa") }
    /// `test:`'s own derived data: a simulator build, never mixed with the archive's device one.
    public var testDerivedData: AbsolutePath { output.appending("TestDerivedData") }
    /// Where `build-for-testing` leaves the `.xctestrun` files and what they run.
    public var testProducts: AbsolutePath { testDerivedData.appending("Build/Products") }
    /// Result bundles, enumerations and reports of the test steps.
    public var tests: AbsolutePath { output.appending("tests") }
}
