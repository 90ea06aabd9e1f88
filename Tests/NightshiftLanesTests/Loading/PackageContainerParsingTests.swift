import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSystem
import Testing

@Suite("package: into a dmg, zip or pkg")
struct PackageContainerParsingTests {
    static let header = """
        project: { name: Brewer, scheme: Brewer }
        codesigning: { path: signing, certificate_password: "${P12_PASSWORD}", installer_certificate_password: "${INSTALLER_PASSWORD}" }
        configurations:
          mac: { certificate: devid, provisioning_profile: devid, build_configuration: Release, app_identifier: com.example.app,
                 export_method: developer-id, installer_certificate: installer }
        lanes:
          release:
            configuration: mac
            steps:

        """

    private func file(_ step: String) throws -> LanesFile {
        try LanesFileLoader().parse(data: Data((Self.header + "      - \(step)\n").utf8), path: "lanes.yml")
    }

    private func kind(_ step: String) throws -> StepKind {
        try #require(try file(step).lanes.first?.steps.first).kind
    }

    @Test("each container is read with its path and where it was written")
    func containers() throws {
        for format in PackageContainer.Format.allCases {
            guard case .packageInto(let container) = try kind("package: { \(format.rawValue): build/Brewer.\(format.rawValue) }") else {
                Issue.record("\(format) was not read as a container")
                continue
            }
            #expect(container.format == format)
            #expect(container.path.raw == "build/Brewer.\(format.rawValue)")
            #expect(container.location?.line == 10)
        }
    }

    @Test("the bare package, and package with nothing or {}, stay the package of an .ipa or .app")
    func bare() throws {
        for step in ["package", "package:", "package: {}"] {
            #expect(try kind(step) == .package)
            #expect(try kind(step).packagedProduct == nil)
        }
    }

    @Test("the container's path is the step's packaged product; a template is kept for the run to expand")
    func packagedProduct() throws {
        #expect(try kind("package: { zip: \"${OUT}/Brewer.zip\" }").packagedProduct?.raw == "${OUT}/Brewer.zip")
        #expect(StepKind.export.packagedProduct == nil)
        #expect(StepKind.sh(ShellScript("true")).packagedProduct == nil)
    }

    @Test("the installer certificate and its password are read, and the password is a secret")
    func installerCertificate() throws {
        let loaded = try file("package: { pkg: build/Brewer.pkg }")
        #expect(loaded.configurations.first?.installerCertificate?.raw == "installer")
        #expect(loaded.codesigning?.installerCertificatePassword?.raw == "${INSTALLER_PASSWORD}")
        let environment: EnvironmentVariables = ["INSTALLER_PASSWORD": "installer-Pa55-word", "P12_PASSWORD": "p12-Pa55-word"]
        #expect(loaded.secretValues(in: environment).contains("installer-Pa55-word"))
    }
}
