import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("What an export method makes, and what --resume checks for it")
struct ExportedBundleTests {
    @Test("developer-id and mac-application export a .app, built for macOS; every other method an .ipa, for iOS")
    func bundles() {
        #expect(ExportedBundle(method: "developer-id") == .app)
        #expect(ExportedBundle(method: "mac-application") == .app)
        for method in ["app-store", "app-store-connect", "ad-hoc", "release-testing", "enterprise", "development", "validation"] {
            #expect(ExportedBundle(method: method) == .ipa)
        }
        #expect(ExportedBundle.app.defaultDestination == "generic/platform=macOS")
        #expect(ExportedBundle.ipa.defaultDestination == "generic/platform=iOS")
    }

    @Test("a Mac export's step leaves export/<product>.app where an iOS one leaves <product>.ipa")
    func products() {
        let paths = BuildPaths(output: .test("/run/output"), productName: "Brewer")
        #expect(
            StepKind.export.products(exportMethod: "developer-id").map { paths.path(of: $0).string } == [
                "/run/output/ExportOptions.plist", "/run/output/export/Brewer.app",
            ])
        #expect(StepKind.export.products(exportMethod: "ad-hoc") == StepKind.export.products)
        #expect(StepKind.export.products(exportMethod: nil) == [.exportOptions, .ipa])
        let dmg = StepKind.packageInto(PackageContainer(format: .dmg, path: "build/Brewer.dmg"))
        #expect(dmg.products(exportMethod: "developer-id") == [.archive, .exportOptions, .app])
        #expect(dmg.packagedProduct?.raw == "build/Brewer.dmg")
    }

    @Test("a container path: a file of its format, inside the lanes file's folder unless absolute, no NUL")
    func containerPaths() {
        #expect(PackageContainer.pathProblem("build/App.dmg", format: .dmg) == nil)
        #expect(PackageContainer.pathProblem("/tmp/out/App.pkg", format: .pkg) == nil)
        #expect(PackageContainer.pathProblem("build/../App.zip", format: .zip) == nil)
        #expect(PackageContainer.pathProblem("../App.zip", format: .zip)?.contains("leaves the lanes file's folder") == true)
        #expect(PackageContainer.pathProblem("build/App.zip", format: .dmg)?.contains("must name a .dmg file") == true)
        #expect(PackageContainer.pathProblem("build/.dmg", format: .dmg)?.contains("must name a .dmg file") == true)
        #expect(PackageContainer.pathProblem("build/", format: .dmg)?.contains("names a folder") == true)
        #expect(PackageContainer.pathProblem("App\0.dmg", format: .dmg) == "holds a NUL or a line break")
        #expect(PackageContainer.pathProblem("", format: .dmg) == "is empty")
        // hdiutil appends .dmg to a name not ending in it, case-sensitively; ditto and productbuild write the name given.
        #expect(PackageContainer.pathProblem("build/App.DMG", format: .dmg)?.contains("must end in lowercase .dmg") == true)
        #expect(PackageContainer.pathProblem("build/App.ZIP", format: .zip) == nil)
        #expect(PackageContainer.pathProblem("build/App.Pkg", format: .pkg) == nil)
    }
}
