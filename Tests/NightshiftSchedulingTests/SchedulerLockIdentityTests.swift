import Foundation
@testable import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("One daemon per lanes file, whatever the path (#15)", .temporaryDirectory)
struct SchedulerLockIdentityTests {
    @Test("a hard link in another folder reaches the same file: same identity, and a second daemon through it refuses")
    func hardLink() throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["app", "elsewhere", "home"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
        }
        try "lanes: {}\n".write(toFile: folder + "/app/lanes.yml", atomically: true, encoding: .utf8)
        try FileManager.default.linkItem(atPath: folder + "/app/lanes.yml", toPath: folder + "/elsewhere/ci.yml")
        let identity = try FileIdentity(path: folder + "/app/lanes.yml")
        #expect(try FileIdentity(path: folder + "/elsewhere/ci.yml") == identity)
        #expect(try FileIdentity(path: folder + "/app/../app/lanes.yml") == identity)
        let locks = folder + "/home/.nightshift/scheduler-locks"
        let first = try SchedulerLock(lanesFile: try AbsolutePath(validating: folder + "/app/lanes.yml"), identityFolder: locks)
        #expect(throws: SchedulerLockError.alreadyRunning(path: "\(locks)/\(identity).lock", pid: getpid())) {
            try SchedulerLock(lanesFile: try AbsolutePath(validating: folder + "/elsewhere/ci.yml"), identityFolder: locks)
        }
        #expect(first.path == folder + "/app/.nightshift/lanes.yml.scheduler.lock")
    }

    @Test("another file in the same folder gets its own daemon")
    func otherFile() throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "a\n".write(toFile: folder + "/lanes.yml", atomically: true, encoding: .utf8)
        try "b\n".write(toFile: folder + "/other.yml", atomically: true, encoding: .utf8)
        let first = try SchedulerLock(lanesFile: try AbsolutePath(validating: folder + "/lanes.yml"), identityFolder: folder + "/locks")
        let second = try SchedulerLock(lanesFile: try AbsolutePath(validating: folder + "/other.yml"), identityFolder: folder + "/locks")
        #expect(first.path != second.path)
    }

    @Test("a missing file cannot be identified: an error naming it")
    func missingFile() {
        #expect(throws: SchedulerLockError.self) {
            try SchedulerLock(lanesFile: try AbsolutePath(validating: "/nonexistent/lanes.yml"), identityFolder: NSTemporaryDirectory())
        }
    }
}
