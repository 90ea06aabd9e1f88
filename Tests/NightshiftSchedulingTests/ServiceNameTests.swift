import Foundation
@testable import NightshiftCore
@testable import NightshiftScheduling
import Testing

@Suite("Service definitions for awkward paths, one per lanes file (#15)")
struct ServiceNameTests {
    static let awkward = "/srv/50% Büro app/lanes.yml"

    static func service(_ lanesFile: String) -> ServiceDefinition {
        ServiceDefinition(
            executable: "/opt/nightshift", lanesFile: lanesFile, environmentName: nil,
            workingDirectory: (lanesFile as NSString).deletingLastPathComponent)
    }

    @Test("% is written %% wherever systemd expands specifiers: the description, the working directory and ExecStart")
    func percentEscaped() {
        let unit = Self.service(Self.awkward).systemdUnit
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
        let unit = Self.service(Self.awkward).systemdUnit
        let name = ServiceName.systemdUnit(forLanesFile: Self.awkward)
        #expect(name.range(of: #"^nightshift-50-B-ro-app-[0-9a-f]{8}\.service$"#, options: .regularExpression) != nil, "\(name)")
        #expect(unit.contains("# A systemd user unit: save as ~/.config/systemd/user/\(name), then\n"))
        #expect(unit.contains("systemctl --user enable --now \(name)\n"))
        #expect(name != ServiceName.systemdUnit(forLanesFile: "/srv/50% Büro app/other.yml"))
        #expect(name != ServiceName.systemdUnit(forLanesFile: "/home/b/50% Büro app/lanes.yml"))
        let label = ServiceName.label(forLanesFile: Self.awkward)
        #expect(label == "dev.nightshift.scheduler." + name.dropFirst("nightshift-".count).dropLast(".service".count))
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(Self.service(Self.awkward).launchdPlist.utf8), format: nil)
                as? [String: Any])
        #expect(plist["Label"] as? String == label)
        #expect(ServiceName.systemdUnit(forLanesFile: "/lanes.yml").hasPrefix("nightshift-lanes-"), "a folder with no usable name")
    }
}
