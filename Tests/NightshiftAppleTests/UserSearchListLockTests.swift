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
        let clock = ManualClock()
        let first = UserSearchListLock(home: home, clock: clock)
        let second = UserSearchListLock(home: home, clock: clock, timeout: .seconds(10), pollInterval: .milliseconds(5))
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        let holding = Task {
            try await first.withLock {
                await events.add("first in")
                for await _ in release { break }
                await events.add("first out")
            }
        }
        await waitUntil("the first holder is in") { await !events.all.isEmpty }
        let waiting = Task { try await second.withLock { await events.add("second in") } }
        // The second found the lock held and sleeps until its next try.
        await clock.waitForSleepers()
        releasing.yield()
        try await holding.value
        clock.advance(by: .milliseconds(5))
        try await waiting.value
        #expect(await events.all == ["first in", "first out", "second in"])
    }

    @Test("the wait is bounded: the error names the lock file and the holder's pid")
    func timesOut() async throws {
        let home = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(home) }
        let path = UserSearchListLock.path(home: home)
        try FileManager.default.createDirectory(atPath: home + "/Library/Keychains", withIntermediateDirectories: true)
        let held = try FileLock(path: path)
        let clock = ManualClock()
        let lock = UserSearchListLock(home: home, clock: clock, timeout: .milliseconds(200), pollInterval: .milliseconds(10))
        let started = clock.now
        let attempt = Task { try await lock.withLock {} }
        // Still trying at 190 ms: it sleeps until its next try instead of giving up.
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(190))
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(10))
        let error = await #expect(throws: SigningError.self) { try await attempt.value }
        #expect(clock.now.timeIntervalSince(started) >= 0.2)
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
