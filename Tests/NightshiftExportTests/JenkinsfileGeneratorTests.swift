import Foundation
@testable import NightshiftCore
import NightshiftCron
@testable import NightshiftExport
import NightshiftSchema
import NightshiftTestSupport
import Testing
import NightshiftLanesTestSupport

@Suite("JenkinsfileGenerator")
struct JenkinsfileGeneratorTests {
    private let generator = JenkinsfileGenerator()

    private func export(_ lanes: [Lane], secrets: [String] = [], options: JenkinsExportOptions = JenkinsExportOptions()) throws
        -> Export
    {
        let file = LanesFile(path: "lanes.yml", project: Project(name: "App"), secrets: secrets, lanes: lanes)
        return try generator.generate(file, options: options)
    }

    private func onlyFile(_ lanes: [Lane], secrets: [String] = []) throws -> String {
        try #require(try export(lanes, secrets: secrets).files.first).contents
    }

    @Test("testflight's default key binds fastlane's APP_STORE_CONNECT_API_KEY_KEY, or the …_KEY_FILEPATH the lane maps instead")
    func testflightKeyBinding() throws {
        let upload = Step(
            .upload(
                UploadTarget(
                    destination: .testflight,
                    parameters: [
                        "private_key": .scalar(Template(UploadDestination.testflight.defaults["private_key"] ?? ""))
                    ])))
        let plain = try onlyFile([Lane(name: "l", steps: [upload])])
        #expect(plain.contains("APP_STORE_CONNECT_API_KEY_KEY = credentials('app-store-connect-api-key-key')"))
        #expect(!plain.contains("KEY_FILEPATH"))
        let mapped = Lane(
            name: "l", steps: [upload], jenkins: JenkinsSettings(credentials: ["APP_STORE_CONNECT_API_KEY_KEY_FILEPATH": "asc-p8"]))
        let result = try export([mapped])
        let text = try #require(result.files.first).contents
        #expect(text.contains("APP_STORE_CONNECT_API_KEY_KEY_FILEPATH = credentials('asc-p8')"))
        #expect(!text.contains("APP_STORE_CONNECT_API_KEY_KEY = "))
        #expect(result.warnings.isEmpty)
    }

    @Test("one file per lane, named after it, in the order asked")
    func filePerLane() throws {
        let result = try generator.generate(BundledLanes.file, lanes: ["lint", "qa-release"])
        #expect(result.files.map(\.fileName) == ["Jenkinsfile.lint", "Jenkinsfile.qa-release"])
        #expect(result.warnings.isEmpty)
    }

    @Test("an unknown lane is an error naming the known ones")
    func unknownLane() {
        #expect(throws: ExportError.unknownLane("nope", known: ["developer-release", "qa-release", "lint"])) {
            try generator.generate(BundledLanes.file, lanes: ["nope"])
        }
    }

    @Test("agent label, timeout rounded up to minutes, timestamps only when asked")
    func agentTimeoutTimestamps() throws {
        let lane = Lane(name: "l", timeout: .seconds(61), jenkins: JenkinsSettings(agent: "macos && xcode16", timestamps: true))
        let text = try onlyFile([lane])
        #expect(text.contains("    agent { label 'macos && xcode16' }\n"))
        #expect(text.contains("        timeout(time: 2, unit: 'MINUTES')\n        timestamps()\n"))
        let plain = try onlyFile([Lane(name: "l")])
        #expect(plain.contains("    agent any\n"))
        #expect(!plain.contains("timestamps()") && !plain.contains("timeout("))
        #expect(plain.contains("disableConcurrentBuilds()"))
    }

    @Test("when: changed becomes pollSCM, and a time zone becomes the TZ= first line")
    func pollSCMAndTimeZone() throws {
        let polled = Lane(name: "l", schedule: Schedule(cron: "H/15 * * * *\n", trigger: .changed))
        #expect(try onlyFile([polled]).contains("        pollSCM('H/15 * * * *')\n"))
        let zoned = Lane(name: "l", schedule: Schedule(cron: "# nightly\nH 2 * * *", timeZone: "Europe/Berlin"))
        #expect(try onlyFile([zoned]).contains(#"cron('TZ=Europe/Berlin\n# nightly\nH 2 * * *')"#))
        let stated = Lane(name: "l", schedule: Schedule(cron: "TZ=UTC\nH 2 * * *", timeZone: "Europe/Berlin"))
        #expect(try onlyFile([stated]).contains(#"cron('TZ=UTC\nH 2 * * *')"#))
    }

    @Test("under a zone, @daily-style lines are written out, since Jenkins ignores TZ= on them; elsewhere they stay")
    func aliasUnderZone() throws {
        let zoned = Lane(name: "l", schedule: Schedule(cron: "@daily\n@midnight", timeZone: "Asia/Taipei"))
        #expect(
            try onlyFile([zoned]).contains(
                #"cron('TZ=Asia/Taipei\n# @daily, written out: Jenkins ignores TZ= on @ lines\nH H * * *\n# @midnight, written out: Jenkins ignores TZ= on @ lines\nH H(0-2) * * *')"#
            ))
        let stated = Lane(name: "l", schedule: Schedule(cron: "TZ=Europe/Berlin\n  @weekly # Sundays"))
        #expect(
            try onlyFile([stated]).contains(#"cron('TZ=Europe/Berlin\n# @weekly, written out: Jenkins ignores TZ= on @ lines\nH H * * H')"#)
        )
        let plain = Lane(name: "l", schedule: Schedule(cron: "@daily"))
        #expect(try onlyFile([plain]).contains("cron('@daily')"))
    }

    @Test("Jenkins fires the written-out alias at the minutes nightshift fires the alias in the zone")
    func aliasExpansionKeepsTheMinutes() throws {
        let from = Date(timeIntervalSince1970: 1_777_593_600)  // 2026-05-01T00:00:00Z
        let taipei = try #require(TimeZone(identifier: "Asia/Taipei"))
        let utc = try #require(TimeZone(identifier: "UTC"))
        let scheduled = try CronSpec("TZ=Asia/Taipei\n@daily", seed: "nightly")
        let onJenkins = try CronSpec("TZ=Asia/Taipei\n# @daily, written out\nH H * * *", seed: "nightly", aliasesKeepTimeZone: false)
        let unchanged = try CronSpec("TZ=Asia/Taipei\n@daily", seed: "nightly", aliasesKeepTimeZone: false)
        let expected = scheduled.firings(atOrAfter: from, count: 5, defaultTimeZone: taipei)
        #expect(onJenkins.firings(atOrAfter: from, count: 5, defaultTimeZone: utc) == expected)
        #expect(unchanged.firings(atOrAfter: from, count: 5, defaultTimeZone: utc) != expected)
    }

    @Test("strings are single-quoted Groovy: backslash and quote escaped, $ left alone")
    func escaping() throws {
        let lane = Lane(name: "it's", jenkins: JenkinsSettings(agent: #"mac\mini's"#, setup: #"echo "$HOME" \ 'x'"#))
        let text = try onlyFile([lane])
        #expect(text.contains(#"agent { label 'mac\\mini\'s' }"#))
        #expect(text.contains(#"sh 'echo "$HOME" \\ \'x\''"#))
        #expect(
            text.contains(#"sh 'nightshift run \'it\'\\\'\'s\' --junit \'reports/it\'\\\'\'s.xml\' --html \'reports/html/it\'\\\'\'s\''"#))
        #expect(text.contains(#"stage('it\'s')"#))
    }

    @Test("every secret the lane needs is bound from a credential, kebab-case unless mapped")
    func credentials() throws {
        let lane = Lane(
            name: "l", steps: [Step(.sh("deploy ${API_TOKEN} ${KEYCHAIN_PASSWORD} ${SIGNING_DIR}"))],
            jenkins: JenkinsSettings(credentials: ["API_TOKEN": "deploy-token"])
        )
        let text = try onlyFile([lane], secrets: ["KEYCHAIN_PASSWORD"])
        #expect(
            text.contains(
                """
                    environment {
                        API_TOKEN = credentials('deploy-token')
                        KEYCHAIN_PASSWORD = credentials('keychain-password')
                    }
                """))
        #expect(text.contains("// Variables the agent or the job must set: SIGNING_DIR.\n"))
        #expect(!text.contains("SIGNING_DIR = "))
    }

    @Test("a credential mapped for a variable no step reads is warned about")
    func unusedCredential() throws {
        let lane = Lane(name: "l", jenkins: JenkinsSettings(credentials: ["OLD_TOKEN": "old"]))
        let result = try export([lane])
        #expect(
            result.warnings.map(\.message) == [
                "lane 'l' maps 'OLD_TOKEN' to a Jenkins credential, but none of its steps reads ${OLD_TOKEN}"
            ])
        #expect(result.files[0].contents.contains("OLD_TOKEN = credentials('old')"))
    }

    @Test("a seed other than the lane name names the job in the comment and is warned about")
    func seedWarning() throws {
        let lane = Lane(name: "nightly", schedule: Schedule(cron: "H 0 * * *", seed: "brewer-nightly"))
        let result = try export([lane])
        #expect(result.files[0].contents.contains("// Name this Pipeline job 'brewer-nightly': Jenkins hashes H"))
        #expect(result.warnings.count == 1)
        #expect(result.warnings[0].severity == .warning)
        #expect(result.warnings[0].message.contains("name its Jenkins job 'brewer-nightly'"))
    }

    @Test("a custom setup line is used, and nightshift is then taken from PATH")
    func customSetup() throws {
        let text = try onlyFile([Lane(name: "l", jenkins: JenkinsSettings(setup: "brew install nightshift"))])
        #expect(text.contains("sh 'brew install nightshift'\n"))
        #expect(text.contains("sh 'nightshift run l --junit reports/l.xml --html reports/html/l'\n"))
    }

    @Test("a lanes file elsewhere is passed with --file")
    func lanesFilePath() throws {
        let text = try export([Lane(name: "l")], options: JenkinsExportOptions(lanesFilePath: "ci/lanes file.yml")).files[0].contents
        #expect(text.contains(#"run l --file \'ci/lanes file.yml\' --junit reports/l.xml --html reports/html/l'"#))
    }

    @Test("--single: one stage per lane, each with its agent, credentials and report")
    func single() throws {
        let options = JenkinsExportOptions(layout: .single)
        let result = try generator.generate(BundledLanes.file, lanes: ["lint", "developer-release"], options: options)
        #expect(result.files.map(\.fileName) == ["Jenkinsfile"])
        let text = result.files[0].contents
        #expect(text.contains("    agent none\n"))
        #expect(text.contains("stage('lint')") && text.contains("stage('developer-release')"))
        #expect(text.contains("junit allowEmptyResults: true, testResults: 'reports/developer-release.xml'"))
        #expect(!text.contains("triggers"))
        #expect(result.warnings.map(\.location) == [BundledLanes.at(24, 15)])
    }

    @Test("--single keeps the trigger when every lane has the same schedule")
    func singleSharedTrigger() throws {
        let schedule = Schedule(cron: "H 3 * * *")
        let result = try export(
            [Lane(name: "a", schedule: schedule), Lane(name: "b", schedule: schedule)], options: JenkinsExportOptions(layout: .single))
        #expect(result.files[0].contents.contains("    triggers {\n        cron('H 3 * * *')\n    }\n"))
        #expect(result.warnings.isEmpty)
    }
}
