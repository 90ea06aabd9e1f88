import NightshiftCore
import NightshiftEngine

/// The simulator runtime a `test:` step needs: its destination's platform and `os:` (any
/// version when none is written), and whether the step may install it.
struct RuntimeDemand: Sendable, Hashable {
    var platform: SimulatorPlatform
    /// As written after interpolation (`26.1`); nil for the newest there is.
    var os: String?
    var install: Bool

    /// `- test` without a destination tests on an iPhone: an iOS runtime. A raw destination, a
    /// package's `swift test` and a device name that says no platform demand none nightshift can check.
    init?(_ step: Step, in context: StepContext) {
        self.init(step, resolve: context.resolve)
    }

    /// `resolve`: a template as the step would see it (doctor reads the environment alone).
    init?(_ step: Step, resolve: (Template) -> String) {
        guard case .test(let settings) = step.kind, case .xcode(_, _, let destination) = settings.subject else { return nil }
        switch destination {
        case nil:
            (platform, os) = (.iOS, nil)
        case .simulator(let device, let os)?:
            guard let platform = SimulatorPlatform(deviceName: resolve(device)) else { return nil }
            self.platform = platform
            self.os = os.map(resolve).flatMap { $0.isEmpty ? nil : $0 }
        case .raw?:
            return nil
        }
        install = settings.installRuntime
    }

    /// `iOS 26.1`, or `iOS` for any.
    var name: String { os.map { "\(platform.rawValue) \($0.split(separator: " ").last.map(String.init) ?? $0)" } ?? platform.rawValue }

    /// The version `-buildVersion` takes: the `os:` without a platform word.
    var buildVersion: String? { os.map { $0.split(separator: " ").last.map(String.init) ?? $0 } }
}
