import Foundation
@testable import NightshiftCore
import NightshiftSystem
import Testing

@Suite("RunIdentifier")
struct RunIdentifierTests {
    private let date = Date(timeIntervalSince1970: 1_705_313_850)  // 2024-01-15 10:17:30 UTC

    @Test("a UTC timestamp and the process id; in a Jenkins job the build number between them")
    func timestampBuildAndProcess() {
        #expect(
            RunIdentifier.make(now: date, environment: ["TZ": "Asia/Tokyo"], ci: CIEnvironment(["TZ": "Asia/Tokyo"]), processID: 4711)
                == "20240115-101730-4711")
        let jenkins: EnvironmentVariables = ["JENKINS_URL": "https://ci/", "BUILD_NUMBER": "42"]
        #expect(
            RunIdentifier.make(now: date, environment: jenkins, ci: CIEnvironment(jenkins), processID: 4711) == "20240115-101730-b42-4711")
    }

    @Test("NIGHTSHIFT_RUN_ID wins, Jenkins or not, when it is a plain folder name")
    func adoptsLaunchersID() {
        let launched: EnvironmentVariables = ["NIGHTSHIFT_RUN_ID": "scheduled-1705313850", "BUILD_NUMBER": "42"]
        #expect(RunIdentifier.make(now: date, environment: launched, ci: CIEnvironment(launched), processID: 1) == "scheduled-1705313850")
        #expect(
            RunIdentifier.make(
                now: date, environment: ["NIGHTSHIFT_RUN_ID": "../../etc/x"], ci: CIEnvironment(["NIGHTSHIFT_RUN_ID": "../../etc/x"]),
                processID: 1) == "20240115-101730-1")
    }

    @Test("an empty, dots-only or path-like NIGHTSHIFT_RUN_ID is ignored")
    func ignoresUnusableID() {
        for value in ["", "..", "/", ".", "a/b", "tab\there"] {
            #expect(
                RunIdentifier.make(
                    now: date, environment: ["NIGHTSHIFT_RUN_ID": value], ci: CIEnvironment(["NIGHTSHIFT_RUN_ID": value]), processID: 9)
                    == "20240115-101730-9")
        }
    }
}
