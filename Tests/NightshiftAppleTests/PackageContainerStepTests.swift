import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `package: { dmg | zip | pkg: … }` of a Developer ID app against a scripted shell: the bare
/// package's commands, then the container's, with the identities read from the .p12 files.
@Suite("package into a dmg, zip or pkg", .temporaryDirectory)
struct PackageContainerStepTests {
    let performer = SigningStepPerformer(
        files: LocalSigningFileSystem(), makeKeychainImporter: { SecurityKeychainImporter(shell: $0, searchListLock: UnlockedSearchList()) }
    )
    static let application = "Developer ID Application: Example Corp (ABCDE12345)"
    static let installer = "Developer ID Installer: Example Corp (ABCDE12345)"

    static func configuration(method: Template = "developer-id", installer: Template? = "installer") -> Configuration {
        Configuration(
            name: "mac", certificate: "distribution", provisioningProfile: "distribution", buildConfiguration: "Release",
            appIdentifier: "com.example.app", exportMethod: method, teamID: "ABCDE12345", installerCertificate: installer)
    }

    /// A Developer ID identity and profile, an installer identity, and a shell whose openssl
    /// answers each .p12 with its own certificate and whose xcodebuild exports `Example.app`.
    func setUp(configuration: Configuration = configuration(), installerName: String = installer) async throws
        -> (SigningTestContext, ScriptedShellRunner, LanesFile)
    {
        let root = try SigningFixtures.temporaryFolder()
        let shell = ScriptedShellRunner()
        let test = SigningTestContext(root: root, shell: shell)
        let password = SigningTestContext.certificatePassword
        // A Developer ID profile, as a Mac app's is: `distribution.provisionprofile`.
        try await SigningFixtures.make(
            in: test.signingFolder,
            ["P12_PASSWORD": password, "COMMON_NAME": Self.application, "PLATFORM": "OSX", "PROFILE_KIND": "developer-id"])
        try await SigningFixtures.make(
            in: test.signingFolder, name: "installer", ["P12_PASSWORD": password, "COMMON_NAME": installerName])
        for name in ["distribution", "installer"] {
            let p12 = "\(test.signingFolder)/\(name).p12"
            let pem = try await SigningFixtures.pem(of: p12, password: password)
            await shell.on(["openssl", "pkcs12", "-in", p12], .output([(.standardOutput, pem)], .exited(0)))
        }
        await shell.on(
            ["security", "list-keychains", "-d", "user"], .output([(.standardOutput, "    \"/Users/ci/login.keychain-db\"\n")], .exited(0)))
        await shell.scriptWorkingKeychain()
        await shell.scriptBuildSettings([("Example", "com.example.app", "macosx")])
        await shell.on(["xcodebuild", "archive"], .output([(.standardOutput, "** ARCHIVE SUCCEEDED **\n")], .exited(0)))
        await shell.on(["xcodebuild", "-exportArchive"], .output([(.standardOutput, "** EXPORT SUCCEEDED **\n")], .exited(0)))
        try FileManager.default.createDirectory(atPath: "\(test.folders.output)/Example.xcarchive", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(test.folders.output)/export/Example.app", withIntermediateDirectories: true)
        var lanesFile = SigningTestContext.lanesFile(configuration: configuration)
        lanesFile.configurations = [configuration]
        return (test, shell, lanesFile)
    }

    func context(_ test: SigningTestContext, _ kind: StepKind, _ lanesFile: LanesFile, dryRun: Bool = false) -> StepContext {
        var context = test.context(for: kind, lanesFile: lanesFile, dryRun: dryRun)
        context.directory = test.root
        return context
    }

    /// Stands in for the tool writing its output: the scripted shell runs nothing.
    func touch(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("made".utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("dmg: the app into a UDZO image named after the product, then the image signed with the .p12's identity")
    func diskImage() async throws {
        let (test, shell, lanesFile) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        let kind = StepKind.packageInto(PackageContainer(format: .dmg, path: "build/Example.dmg"))
        let app = "\(test.folders.output)/export/Example.app"
        let dmg = "\(test.root)/build/Example.dmg"
        try touch(dmg)
        await shell.on(["hdiutil", "create"], .output([(.standardOutput, "created: \(dmg)\n")], .exited(0)))
        await shell.on(["codesign", "--sign"], .succeeds)
        try await performer.preflight([Step(kind)], in: context(test, kind, lanesFile))
        let termination = try await performer.perform(Step(kind), in: context(test, kind, lanesFile))
        #expect(termination == .exited(0))
        let argvs = await shell.argvs
        #expect(argvs.contains { $0.starts(with: ["xcodebuild", "archive"]) && $0.contains("generic/platform=macOS") })
        let xcconfig = try String(contentsOfFile: "\(test.folders.output)/Signing.xcconfig", encoding: .utf8)
        #expect(xcconfig.contains("NIGHTSHIFT_IDENTITY_com_example_app = \(Self.application)\n"))
        #expect(
            FileManager.default.fileExists(
                atPath:
                    "\(test.home)/Library/Developer/Xcode/UserData/Provisioning Profiles/6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6.provisionprofile"
            ))
        #expect(
            Array(argvs.suffix(2)) == [
                ["hdiutil", "create", "-volname", "Example", "-srcfolder", app, "-ov", "-format", "UDZO", dmg],
                ["codesign", "--sign", Self.application, "--timestamp", "--keychain", test.keychainPath, dmg],
            ])
        // The installer certificate goes into the same keychain, with its own password line.
        let imports = await shell.commands.filter { $0.argv == ["security", "-i"] }.compactMap { $0.standardInput }
            .map { String(decoding: $0, as: UTF8.self) }.filter { $0.hasPrefix("\"import\"") }
        #expect(imports.count == 2)
        #expect(imports.last?.contains("installer.p12") == true && imports.last?.contains("\"-T\" \"/usr/bin/productbuild\"") == true)
        let plist = try String(contentsOfFile: "\(test.folders.output)/ExportOptions.plist", encoding: .utf8)
        #expect(plist.contains("<string>developer-id</string>") && plist.contains("<key>signingCertificate</key>"))
        #expect(await test.exports.all["NIGHTSHIFT_IPA_PATH"] == nil)
        #expect(await shell.unscripted.isEmpty)
    }

    @Test("zip: ditto -c -k --keepParent, nothing signed after it")
    func zipArchive() async throws {
        let (test, shell, lanesFile) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        let kind = StepKind.packageInto(PackageContainer(format: .zip, path: "Example.zip"))
        try touch("\(test.root)/Example.zip")
        await shell.on(["ditto"], .succeeds)
        _ = try await performer.perform(Step(kind), in: context(test, kind, lanesFile))
        #expect(
            await shell.argvs.last
                == ["ditto", "-c", "-k", "--keepParent", "\(test.folders.output)/export/Example.app", "\(test.root)/Example.zip"])
    }

    @Test("pkg: productbuild signs with the installer .p12's Developer ID Installer identity, in the run's keychain")
    func installerPackage() async throws {
        let (test, shell, lanesFile) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        let kind = StepKind.packageInto(PackageContainer(format: .pkg, path: "build/Example.pkg"))
        let pkg = "\(test.root)/build/Example.pkg"
        try touch(pkg)
        await shell.on(["productbuild"], .succeeds)
        try await performer.preflight([Step(kind)], in: context(test, kind, lanesFile))
        _ = try await performer.perform(Step(kind), in: context(test, kind, lanesFile))
        #expect(
            await shell.argvs.last == [
                "productbuild", "--sign", Self.installer, "--keychain", test.keychainPath, "--timestamp",
                "--component", "\(test.folders.output)/export/Example.app", "/Applications", pkg,
            ])
    }

    @Test("pkg: an installer .p12 holding no Developer ID Installer identity fails the preflight, naming what it holds")
    func wrongInstallerIdentity() async throws {
        let (test, shell, lanesFile) = try await setUp(installerName: Self.application)
        defer { SigningFixtures.remove(test.root) }
        let kind = StepKind.packageInto(PackageContainer(format: .pkg, path: "build/Example.pkg"))
        do {
            try await performer.preflight([Step(kind)], in: context(test, kind, lanesFile))
            Issue.record("the preflight passed")
        } catch {
            #expect(
                String(describing: error)
                    == "the installer certificate \(test.signingFolder)/installer.p12 holds no 'Developer ID Installer: …' identity "
                    + "(it holds '\(Self.application)'): productbuild signs a pkg with a Developer ID Installer certificate")
        }
        #expect(await !shell.argvs.contains { $0.first == "security" || $0.first == "xcodebuild" })
    }

    @Test("a container on an iOS export method, or a pkg without an installer certificate, fails before any command")
    func refusedBeforeBuilding() async throws {
        for (configuration, format, expected) in [
            (Self.configuration(method: "ad-hoc"), PackageContainer.Format.dmg, "exports with method 'ad-hoc', which makes an .ipa"),
            (Self.configuration(installer: nil), .pkg, "add 'installer_certificate:' to configuration 'mac'"),
        ] {
            let (test, shell, lanesFile) = try await setUp(configuration: configuration)
            defer { SigningFixtures.remove(test.root) }
            let kind = StepKind.packageInto(PackageContainer(format: format, path: Template("build/Example.\(format.rawValue)")))
            do {
                try await performer.preflight([Step(kind)], in: context(test, kind, lanesFile, dryRun: true))
                Issue.record("the preflight passed")
            } catch {
                #expect(String(describing: error).contains(expected))
            }
            #expect(await shell.commands.isEmpty)
        }
    }

    @Test("a path that leaves the workspace once interpolated, or names a folder, fails the step before it builds")
    func badPaths() async throws {
        let (test, shell, lanesFile) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        try FileManager.default.createDirectory(atPath: "\(test.root)/folder.dmg", withIntermediateDirectories: true)
        for (path, expected) in [
            (
                "${OUT}/../../x.dmg",
                "package.dmg leaves the lanes file's folder; write an absolute path to put it outside, found './../../x.dmg'"
            ),
            ("build/x.zip", "package.dmg must name a .dmg file, e.g. build/App.dmg, found 'build/x.zip'"),
            ("folder.dmg", "package.dmg names \(test.root)/folder.dmg, which is a folder"),
        ] {
            let kind = StepKind.packageInto(PackageContainer(format: .dmg, path: Template(path)))
            var context = context(test, kind, lanesFile)
            context.environment["OUT"] = "."
            do {
                _ = try await performer.perform(Step(kind), in: context)
                Issue.record("\(path) was taken")
            } catch {
                #expect(String(describing: error) == expected)
            }
        }
        #expect(await !shell.argvs.contains { $0.first == "xcodebuild" })
    }

    @Test("a symlink that would put the container outside the lanes file's folder fails the step before it builds")
    func symlinkEscapes() async throws {
        let (test, shell, lanesFile) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        let outside = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(outside) }
        let manager = FileManager.default
        // A folder on the way that links out, one whose own parent does (not made yet), and the file itself a link.
        try manager.createSymbolicLink(atPath: "\(test.root)/out", withDestinationPath: outside)
        try manager.createDirectory(atPath: "\(test.root)/build", withIntermediateDirectories: true)
        try Data("elsewhere".utf8).write(to: URL(fileURLWithPath: "\(outside)/target.dmg"))
        try manager.createSymbolicLink(atPath: "\(test.root)/build/link.dmg", withDestinationPath: "\(outside)/target.dmg")
        for (path, expected) in [
            ("out/Example.dmg", "through a symlink, outside the lanes file's folder"),
            ("out/deeper/Example.zip", "through a symlink, outside the lanes file's folder"),
            ("build/link.dmg", "package.dmg names \(test.root)/build/link.dmg, which is a symlink"),
        ] {
            let format: PackageContainer.Format = path.hasSuffix(".zip") ? .zip : .dmg
            let kind = StepKind.packageInto(PackageContainer(format: format, path: Template(path)))
            do {
                _ = try await performer.perform(Step(kind), in: context(test, kind, lanesFile))
                Issue.record("\(path) was taken")
            } catch {
                #expect(String(describing: error).contains(expected), "\(error)")
            }
        }
        #expect(try manager.contentsOfDirectory(atPath: outside) == ["target.dmg"])
        #expect(await !shell.argvs.contains { $0.first == "xcodebuild" })
    }

    @Test("a symlink inside the lanes file's folder, to a folder also inside it, is followed")
    func symlinkInside() async throws {
        let (test, shell, lanesFile) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        try FileManager.default.createDirectory(atPath: "\(test.root)/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(test.root)/build", withDestinationPath: "\(test.root)/real")
        try touch("\(test.root)/real/Example.zip")
        await shell.on(["ditto"], .succeeds)
        let kind = StepKind.packageInto(PackageContainer(format: .zip, path: "build/Example.zip"))
        #expect(try await performer.perform(Step(kind), in: context(test, kind, lanesFile)) == .exited(0))
    }

    @Test("an export that leaves the app under another name says project.name must be the product's")
    func exportedUnderAnotherName() async throws {
        let (test, _, lanesFile) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        try FileManager.default.moveItem(
            atPath: "\(test.folders.output)/export/Example.app", toPath: "\(test.folders.output)/export/Example Pro.app")
        do {
            _ = try await performer.perform(Step(.export), in: context(test, .export, lanesFile))
            Issue.record("the export passed")
        } catch {
            #expect(String(describing: error).contains("left no Example.app in"))
            #expect(String(describing: error).contains("Example Pro.app"))
        }
    }

    @Test("a dry run names every command, the installer identity by the file it comes from")
    func dryRun() async throws {
        let root = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(root) }
        let shell = ScriptedShellRunner(fallback: .succeeds)
        let test = SigningTestContext(root: root, shell: shell)
        var lanesFile = SigningTestContext.lanesFile(configuration: Self.configuration())
        lanesFile.configurations = [Self.configuration()]
        let kind = StepKind.packageInto(PackageContainer(format: .pkg, path: "build/Example.pkg"))
        try await performer.preflight([Step(kind)], in: context(test, kind, lanesFile, dryRun: true))
        _ = try await performer.perform(Step(kind), in: context(test, kind, lanesFile, dryRun: true))
        let last = try #require(await shell.argvs.last)
        #expect(last.first == "productbuild")
        #expect(last.contains("<Developer ID Installer: identity of \(test.signingFolder)/installer.p12>"))
        #expect(!FileManager.default.fileExists(atPath: "\(root)/build"))
    }
}
