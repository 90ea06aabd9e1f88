import Dispatch
import Foundation

/// Catches SIGINT and SIGTERM (Jenkins' Abort) so a run can stop its step, run its cleanup and
/// write its reports instead of dying on the spot.
public final class SignalTrap: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []

    public init() {}

    /// Ctrl-C and Jenkins' Abort.
    public static let interruptSignals: [Int32] = [SIGINT, SIGTERM]

    /// Empties the blocked-signal mask this process may have inherited (a parent spawned from a
    /// Dispatch thread passes its mask on; STYLE.md §4.2), so signals reach us and our children.
    public static func unblockAllSignals() {
        var empty = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, nil)
    }

    /// Routes `signals` to `handler` (on a Dispatch queue) instead of their default action.
    public func install(_ signals: [Int32] = SignalTrap.interruptSignals, handler: @escaping @Sendable (Int32) -> Void) {
        for signalNumber in signals {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { handler(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }
}
