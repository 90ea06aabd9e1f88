import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("UserSearchListLock", .temporaryDirectory)
struct UserSearchListLockTests {
    @Test("the lock file is the user's, beside the keychains")
    func path() {
        #expect(
            UserSearchListLock(home: "/Users/ci", clock: SystemClock()).path == "/Users/ci/Library/Keychains/.nightshift-search-list.lock")
        #expect(UserSearchListLock(home: nil, clock: SystemClock()).path == nil)
    }

    @Test("a second holder waits for the first, then runs")
    func waitsForTheHolder() async throws {
        let home = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(home) }
        let events = EventLog()
        let first = UserSearchListLock(home: home, clock: SystemClock())
        let second = UserSearchListLock(home: home, clock: SystemClock(), timeout: .seconds(10), pollInterval: .milliseconds(5))
        let holding = Task {
            try await first.withLock {
                await events.add("first in")
                try await Task.sleep(for: .milliseconds(300))
                await events.add("first out")
            }
        }
        while await events.all.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        try await second.withLock { await events.add("second in") }
        try await holding.value
        #expect(await events.all == ["first in", "first out", "second in"])
    }

    @Test("the wait is bounded: the error names the lock file and the holder's pid")
    func timesOut() async throws {
        let home = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(home) }
        let path = UserSearchListLock.path(home: home)
        try FileManager.default.createDirectory(atPath: home + "/Library/Keychains", withIntermediateDirectories: true)
        let held = try FileLock(path: path)
        let lock = UserSearchListLock(home: home, clock: SystemClock(), timeout: .milliseconds(200), pollInterval: .milliseconds(10))
        let started = ContinuousClock.now
        let error = await #expect(throws: SigningError.self) { try await lock.withLock {} }
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        let pid = ProcessInfo.processInfo.processIdentifier
        #expect(error == .searchListLockTimedOut(path: path, pid: pid, waited: .milliseconds(200)))
        #expect(error?.description.contains("\(path) (held by pid \(pid))") == true)
        withExtendedLifetime(held) {}
    }

    @Test("without HOME there is no user to lock for: an error, not a lock somewhere else")
    func noHome() async {
        await #expect(throws: SigningError.missingSetting("HOME")) {
            try await UserSearchListLock(home: nil, clock: SystemClock()).withLock {}
        }
    }
}

actor EventLog {
    private(set) var all: [String] = []
    func add(_ event: String) { all.append(event) }
}
