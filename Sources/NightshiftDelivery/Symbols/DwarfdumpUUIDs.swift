import NightshiftCore
import Foundation
import NightshiftSchema
import NightshiftSystem

/// What `xcrun dwarfdump --uuid` says of files: one line per architecture,
/// `UUID: 243968B1-F259-32E9-B506-B0DF3D00701F (arm64) <path>`, where a `.dSYM` given is named by
/// the DWARF file inside it (hamstergene/symbolicate-crash#4; fastlane reads the second word).
struct DwarfdumpUUIDs: Sendable, Hashable {
    struct Slice: Sendable, Hashable {
        var uuid: String
        var architecture: String
        var path: String
    }

    var slices: [Slice]

    static func command(_ paths: [String]) -> ShellCommand {
        ShellCommand("xcrun", ["dwarfdump", "--uuid"] + paths)
    }

    /// Runs `dwarfdump` on every path, as few times as the kernel's limit on a command line allows
    /// (an app with thousands of frameworks and dSYMs in a deep folder passes macOS's 1 MiB):
    /// `CommandLineBound`'s budget, as test re-runs are bounded. A failure is the tool's own words.
    static func read(_ paths: [String], shell: any ShellRunner, destination: UploadDestination) async throws -> DwarfdumpUUIDs {
        let budget = CommandLineBound.argumentBytes - CommandLineBound.size(of: command([]).argv)
        var slices: [Slice] = []
        for run in CommandLineBound.split(paths, budget: budget, cost: CommandLineBound.size(of:)) {
            let result = try await shell.capture(command(run))
            guard result.succeeded else {
                throw UploadError(
                    destination, "xcrun dwarfdump --uuid \(result.termination): \(result.failureDetail)", reason: .missingBuildProduct)
            }
            slices += parse(result.standardOutput).slices
        }
        return DwarfdumpUUIDs(slices: slices)
    }

    static func parse(_ text: String) -> DwarfdumpUUIDs {
        let slices = text.split(whereSeparator: \.isNewline).compactMap { line -> Slice? in
            let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard words.count == 4, words[0] == "UUID:", words[2].hasPrefix("("), words[2].hasSuffix(")") else { return nil }
            return Slice(uuid: words[1].uppercased(), architecture: String(words[2].dropFirst().dropLast()), path: String(words[3]))
        }
        return DwarfdumpUUIDs(slices: slices)
    }

    /// The slices of `path` (a binary) or of what is inside it (a `.dSYM`).
    func slices(of path: String) -> [Slice] {
        slices.filter { $0.path == path || $0.path.hasPrefix(path.hasSuffix("/") ? path : path + "/") }
    }
}
