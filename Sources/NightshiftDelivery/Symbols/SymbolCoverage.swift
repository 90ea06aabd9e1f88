import Foundation
import NightshiftSchema
import NightshiftSystem

/// The archived app's binaries against the dSYMs about to be uploaded, by UUID: a crash in a
/// binary whose UUID no dSYM carries stays unsymbolicated. Xcode 16+ says so only after its own
/// upload ("The archive did not include a dSYM for the X.framework with the UUIDs [...]",
/// spotify/ios-sdk#439); this says it before.
struct SymbolCoverage: Sendable, Hashable {
    struct Uncovered: Sendable, Hashable {
        var binary: ArchivedBinary
        var uuids: [String]
    }

    var binaries: [ArchivedBinary]
    var dsyms: [String]
    var uncovered: [Uncovered]

    /// `app`'s binaries against the `.dSYM` bundles in `dsymFolder`, in as few `dwarfdump` calls as ARG_MAX allows.
    static func check(
        app: String, dsyms: [String], shell: any ShellRunner, destination: UploadDestination
    ) async throws -> SymbolCoverage {
        let binaries = ArchivedBinaries.of(app: app)
        guard !binaries.isEmpty else { return SymbolCoverage(binaries: [], dsyms: dsyms, uncovered: []) }
        let uuids = try await DwarfdumpUUIDs.read(binaries.map(\.path) + dsyms, shell: shell, destination: destination)
        return compare(binaries: binaries, dsyms: dsyms, uuids: uuids)
    }

    static func compare(binaries: [ArchivedBinary], dsyms: [String], uuids: DwarfdumpUUIDs) -> SymbolCoverage {
        let symbolUUIDs = Set(dsyms.flatMap { uuids.slices(of: $0).map(\.uuid) })
        let uncovered = binaries.compactMap { binary -> Uncovered? in
            let own = uuids.slices(of: binary.path).map(\.uuid)
            // A binary is covered when each of its architectures has its dSYM.
            let missing = own.filter { !symbolUUIDs.contains($0) }
            return own.isEmpty || !missing.isEmpty ? Uncovered(binary: binary, uuids: missing) : nil
        }
        return SymbolCoverage(binaries: binaries, dsyms: dsyms, uncovered: uncovered)
    }

    /// `no dSYM for Analytics.framework (UUID 1C2D…), Widget.appex (UUID …)`, nil when all are covered.
    var problem: String? {
        guard !uncovered.isEmpty else { return nil }
        let names = uncovered.map { entry in
            entry.uuids.isEmpty
                ? "\(entry.binary.name) (dwarfdump read no UUID)" : "\(entry.binary.name) (UUID \(entry.uuids.joined(separator: ", ")))"
        }
        return "no dSYM for \(names.joined(separator: ", ")): crashes in \(uncovered.count == 1 ? "it" : "them") will not be symbolicated"
    }

    /// The `.dSYM` bundles directly in `folder`, sorted.
    static func bundles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".dSYM") }.sorted().map { "\(folder)/\($0)" }
    }
}
