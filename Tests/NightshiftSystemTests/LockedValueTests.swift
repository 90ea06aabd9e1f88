import Foundation
@testable import NightshiftSystem
import Testing

@Suite("LockedValue")
struct LockedValueTests {
    private struct Failure: Error, Equatable {}

    @Test("increments from many tasks at once are all counted")
    func concurrentTasks() async {
        let counter = LockedValue(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 64_000)
    }

    @Test("increments from many threads at once are all counted, and a read-modify-write is never torn")
    func concurrentThreads() {
        let state = LockedValue((count: 0, history: [Int]()))
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            for _ in 0..<1_000 {
                state.withLock { value in
                    value.count += 1
                    value.history.append(value.count)
                }
            }
        }
        let (count, history) = state.withLock { ($0.count, $0.history) }
        #expect(count == 16_000)
        // Each increment saw the one before it: the values appended are 1...16000 in order.
        #expect(history == Array(1...16_000))
    }

    @Test("copies share the value")
    func copiesShare() {
        let first = LockedValue([String]())
        let copy = first
        copy.withLock { $0.append("from the copy") }
        #expect(first.withLock { $0 } == ["from the copy"])
    }

    @Test("a throwing body's error comes out typed, its changes stay, and the lock is free again", .timeLimit(.minutes(1)))
    func throwing() {
        let value = LockedValue(1)
        #expect(throws: Failure()) {
            try value.withLock { (number: inout Int) throws(Failure) -> Void in
                number = 2
                throw Failure()
            }
        }
        // A lock left held would make this wait forever (the time limit fails the test then).
        #expect(value.withLock { $0 } == 2)
    }
}
