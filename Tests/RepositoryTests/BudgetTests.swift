import Foundation
import Testing

/// Counts that regressed once (#37) and may only go down: each has a budget, the count today. A
/// count above its budget fails (a new call site of what has one owner); a count below it fails
/// too, asking for the budget to be lowered in the same change, so a budget never leaves room for
/// a regression to come back. README's contributor notes say how to lower one.
@Suite("Budgets that only go down")
struct BudgetTests {
    struct Budget: Sendable, CustomTestStringConvertible {
        var name: String
        var limit: Int
        /// Whether a line of a file counts, given the file's path from the package root.
        var counts: @Sendable (_ path: String, _ line: Substring) -> Bool
        var testDescription: String { name }
    }

    static let budgets: [Budget] = [
        // Masking belongs to Core's Secrets/ and the writers that mask all they write; a step
        // or a client masking its own strings is a place a new string will be forgotten.
        Budget(name: "mask( outside Core/Secrets and the masking writers", limit: 88) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftCore/Secrets/")
                && !(path.split(separator: "/").last ?? "").hasPrefix("Masking") && line.contains("mask(")
        },
        // Paths are AbsolutePath values one layer in from where a user gives them.
        Budget(name: "as NSString outside System", limit: 38) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftSystem/") && line.contains("as NSString")
        },
        // Diagnostics go through Diagnostic and DiagnosticPrinter, which write the prefix.
        Budget(name: "hand-prefixed \"warning: \", \"note: \", \"error: \" strings", limit: 40) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftCore/Diagnostics/")
                && ["\"warning: ", "\"note: ", "\"error: "].contains { line.contains($0) }
        },
        // UTCTimestamp owns the one formatter.
        Budget(name: "ISO8601DateFormatter() outside Core's Dates/", limit: 5) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftCore/Dates/") && line.contains("ISO8601DateFormatter()")
        },
        // The CI engine's variables: read once per command by the App and passed down.
        Budget(name: "CIEnvironment( outside the App", limit: 6) { path, line in
            path.hasPrefix("Sources/") && !path.hasPrefix("Sources/NightshiftApp/") && line.contains("CIEnvironment(")
                && !line.contains("struct CIEnvironment")
        },
    ]

    /// Test files (test support aside) that start a loopback server: the socket is the thing
    /// tested in few of them; the others should use a scripted transport.
    static let loopbackServerFiles = 20
    static let loopbackMarkers = ["LocalHTTPServer", "FakeAppStoreConnect(", "FakeSigningPortal(", "FakeNotaryService(", "MotoServer"]

    let root: String
    let files: [(path: String, text: String)]

    init() throws {
        root = try #require(NoTrappingSourceTests.packageRoot())
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests"] {
            for file in try FileManager.default.subpathsOfDirectory(atPath: root + "/" + folder) where file.hasSuffix(".swift") {
                files.append(("\(folder)/\(file)", try String(contentsOfFile: "\(root)/\(folder)/\(file)", encoding: .utf8)))
            }
        }
        self.files = files.sorted { $0.0 < $1.0 }
    }

    @Test("each count is at its budget", arguments: budgets)
    func budget(_ budget: Budget) {
        var found: [String] = []
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where budget.counts(file.path, line) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                found.append("\(file.path):\(number + 1)")
            }
        }
        Self.check(name: budget.name, count: found.count, limit: budget.limit, places: found)
    }

    @Test("test files that start a loopback server are at their budget")
    func loopbackServers() {
        let found = files.filter { file in
            file.path.hasPrefix("Tests/") && !file.path.hasPrefix("Tests/NightshiftTestSupport/")
                && Self.loopbackMarkers.contains { file.text.contains($0) }
        }.map(\.path)
        Self.check(name: "test files with a loopback server", count: found.count, limit: Self.loopbackServerFiles, places: found)
    }

    static func check(name: String, count: Int, limit: Int, places: [String]) {
        #expect(
            count <= limit,
            "\(name): \(count), over its budget of \(limit). Use the one owner instead; the places:\n\(places.joined(separator: "\n"))")
        #expect(
            count >= limit,
            "\(name): \(count), under its budget of \(limit): lower the budget in BudgetTests.swift to \(count) in this change")
    }
}
