internal import NightshiftCore

/// The device type and runtime a `destination: { device:, os: }` names, chosen from what simctl
/// lists. A name that does not exist fails with what does (and a did-you-mean), before anything
/// is built.
public struct SimulatorChoice: Sendable, Hashable {
    public var deviceType: SimulatorCatalog.DeviceType
    public var runtime: SimulatorCatalog.Runtime

    /// No `destination:`: the newest available iOS runtime, and the newest iPhone it runs (the
    /// last in simctl's list, which lists device types oldest first).
    public static func choose(device: String?, os: String?, in catalog: SimulatorCatalog) throws(SimulatorChoiceError) -> SimulatorChoice {
        let available = catalog.runtimes.filter(\.isAvailable)
        guard let device else {
            guard let runtime = newest(available.filter { $0.platform == "iOS" && (os.map($0.matches) ?? true) }),
                let type = catalog.deviceTypes.last(where: { $0.name.hasPrefix("iPhone") && runtime.runs($0) })
            else { throw SimulatorChoiceError("no iOS simulator runtime with an iPhone is installed" + listing(available)) }
            return SimulatorChoice(deviceType: type, runtime: runtime)
        }
        guard
            let type = catalog.deviceTypes.first(where: { $0.name == device })
                ?? catalog.deviceTypes.first(where: { $0.name.lowercased() == device.lowercased() })
        else {
            let names = catalog.deviceTypes.map(\.name)
            let hint = Suggestion.closest(to: device, among: names).map { "did you mean '\($0)'? " } ?? ""
            throw SimulatorChoiceError(
                "no simulator device type is named '\(device)'; \(hint)device types: \(names.joined(separator: ", "))")
        }
        let running = available.filter { $0.runs(type) }
        if let os {
            guard let runtime = newest(running.filter { $0.matches(os) }) else {
                throw SimulatorChoiceError(
                    "no available runtime has OS \(os) for '\(type.name)'" + listing(running))
            }
            return SimulatorChoice(deviceType: type, runtime: runtime)
        }
        guard let runtime = newest(running) else {
            throw SimulatorChoiceError("no available runtime runs '\(type.name)'" + listing(available))
        }
        return SimulatorChoice(deviceType: type, runtime: runtime)
    }

    private static func newest(_ runtimes: [SimulatorCatalog.Runtime]) -> SimulatorCatalog.Runtime? {
        runtimes.max { SimulatorCatalog.Runtime.isOlder($0.version, than: $1.version) }
    }

    private static func listing(_ runtimes: [SimulatorCatalog.Runtime]) -> String {
        runtimes.isEmpty ? "; none is installed" : "; runtimes: \(runtimes.map(\.name).joined(separator: ", "))"
    }
}

extension SimulatorCatalog.Runtime {
    /// `os: "18"` takes any 18.x, `"18.2"` any 18.2.x; `"iOS 18.2"` reads as `18.2`.
    func matches(_ os: String) -> Bool {
        var wanted = os
        if let space = wanted.lastIndex(of: " ") { wanted = String(wanted[wanted.index(after: space)...]) }
        return version == wanted || version.hasPrefix(wanted + ".")
    }
}

public struct SimulatorChoiceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
