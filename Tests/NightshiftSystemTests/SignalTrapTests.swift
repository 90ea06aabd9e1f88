import Foundation
import NightshiftSystem
import Testing

// Serialized: a process has one signal trap at a time.
@Suite("SignalTrap", .serialized)
struct SignalTrapTests {
    @Test("a trapped signal is delivered as a value instead of its default action")
    func delivers() async {
        // SIGUSR1's default action would end the test process: arriving here proves the trap.
        let trap = SignalTrap(trapping: [SIGUSR1])
        defer { trap.cancel() }
        kill(getpid(), SIGUSR1)
        var iterator = trap.signals.makeAsyncIterator()
        #expect(await iterator.next() == SIGUSR1)
    }

    @Test("cancelling the trap finishes its stream")
    func cancelFinishes() async {
        let trap = SignalTrap(trapping: [SIGUSR2])
        trap.cancel()
        var iterator = trap.signals.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test("interrupted runs exit as a shell reports them: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP")
    func exitStatus() {
        #expect(SignalTrap.exitStatus(for: SIGINT) == 130)
        #expect(SignalTrap.exitStatus(for: SIGTERM) == 143)
        #expect(SignalTrap.exitStatus(for: SIGHUP) == 129)
        #expect(SignalTrap.interruptions == [SIGINT, SIGTERM, SIGHUP])
    }

    @Test("preparing the process unblocks signals a parent or runtime thread had blocked")
    func unblocks() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        SignalTrap.prepareProcessSignals()
        var current = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &current)
        #expect(sigismember(&current, SIGTERM) == 0)
    }
}
