import Foundation
@testable import NightshiftCore
@testable import NightshiftScheduling
import NightshiftSystem
import Testing

@Suite("Service definitions for awkward paths, one per lanes file (#15)")
struct ServiceNameTests {
    static let awkward = "/srv/50% Büro app/lanes.yml"

    static func service(_ lanesFile: String) throws -> ServiceDefinition {
        let file = try AbsolutePath(validating: lanesFile)
        return ServiceDefinition(executable: "/opt/nightshift", lanesFile: file, environmentName: nil, workingDirectory: file.parent)
    }

    static func unit(_ lanesFile: String) throws -> String {
        ServiceName.systemdUnit(forLanesFile: try AbsolutePath(validating: lanesFile))
    }

    @Test("% is written %% wherever systemd expands specifiers: the description, the working directory and ExecStart")
    func percentEscaped() throws {
        let unit = try Self.service(Self.awkward).systemdUnit
        #expect(unit.contains("\nDescription=nightshift scheduler (/srv/50%% Büro app/lanes.yml)\n"))
        #expect(unit.contains("\nWorkingDirectory=/srv/50%% Büro app\n"))
        #expect(unit.contains("\nExecStart=/opt/nightshift schedule --file \"/srv/50%% Büro app/lanes.yml\"\n"))
        let unescaped = unit.split(separator: "\n").filter { !$0.hasPrefix("#") }.flatMap {
            $0.split(separator: "%%", omittingEmptySubsequences: false)
        }
        #expect(!unescaped.contains { $0.contains("%") }, "no lone % left outside comments")
    }

    @Test("each lanes file gets its own unit name and launchd label: the folder, readable, and a hash of the path")
    func namePerFile() throws {
        let unit = try Self.service(Self.awkward).systemdUnit
        let name = try Self.unit(Self.awkward)
        #expect(name.range(of: #"^nightshift-50-B-ro-app-[0-9a-f]{8}\.service$"#, options: .regularExpression) != nil, "\(name)")
        #expect(unit.contains("# A systemd user unit: save as ~/.config/systemd/user/\(name), then\n"))
        #expect(unit.contains("systemctl --user enable --now \(name)\n"))
        #expect(try name != Self.unit("/srv/50% Büro app/other.yml"))
        #expect(try name != Self.unit("/home/b/50% Büro app/lanes.yml"))
        let label = ServiceName.label(forLanesFile: try AbsolutePath(validating: Self.awkward))
        #expect(label == "dev.nightshift.scheduler." + name.dropFirst("nightshift-".count).dropLast(".service".count))
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(try Self.service(Self.awkward).launchdPlist.utf8), format: nil)
                as? [String: Any])
        #expect(plist["Label"] as? String == label)
        #expect(try Self.unit("/lanes.yml").hasPrefix("nightshift-lanes-"), "a folder with no usable name")
    }
}
