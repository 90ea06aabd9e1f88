import Foundation
import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

// check-portability: this file holds seeded violations as test data

/// `scripts/check-portability` against a seeded tree: each kind of finding it promises is caught,
/// named by file and line, and the repository itself is clean.
@Suite("check-portability", .temporaryDirectory)
struct PortabilityCheckTests {
    static let script = SigningFixtures.repositoryRoot.appendingPathComponent("scripts/check-portability").path
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// One seeded violation per kind: file, the line it sits on, and the words the finding uses.
    static let seeded: [(path: String, text: String, line: Int, says: String)] = [
        ("Sources/NightshiftKit/ImportsGlibc.swift", "import Foundation\nimport Glibc\n", 2, "imports a C library module"),
        ("Sources/NightshiftKit/Branches.swift", "#if canImport(Darwin)\nlet x = 1\n#endif\n", 1, "branches on the platform"),
        (
            "Sources/NightshiftKit/Handler.swift", "func f(_ a: inout sigaction) {\n    a.__sigaction_handler.sa_handler = nil\n}\n", 2,
            "Glibc-only spelling `__sigaction_handler`"
        ),
        (
            "Sources/NightshiftSystem/Ioctl.swift", "func f(_ d: Int32) {\n    var n: Int32 = 0\n    _ = ioctl(d, UInt(FIONREAD), &n)\n}\n",
            3, "`FIONREAD`"
        ),
        (
            "Sources/NightshiftSystem/Proc.swift", "let s = try? String(contentsOfFile: \"/proc/self/status\")\n", 1,
            "reads /proc outside `#if os(Linux)`"
        ),
        (
            "Sources/NightshiftSystem/PipeSize.swift", "func f(_ d: Int32) {\n    _ = fcntl(d, 1031, 1 << 20)\n}\n", 2,
            "F_LINUX_SPECIFIC_BASE"
        ),
        ("Sources/NightshiftSystem/Mtime.swift", "func f(_ s: stat) -> Int { Int(s.st_mtim.tv_sec) }\n", 1, "`st_mtim`"),
        ("Sources/NightshiftSystem/Epoll.swift", "let e = epoll_create1(0)\n", 1, "`epoll_create1`"),
        ("Sources/NightshiftSystem/Inotify.swift", "let i = inotify_init()\n", 1, "`inotify_init`"),
        ("Sources/NightshiftKit/Kills.swift", "func stop(_ pid: Int32) {\n    _ = kill(pid, 15)\n}\n", 2, "calls the C library's kill()"),
        (
            "Tests/SomeTests/ReadsProc.swift", "let s = try? String(contentsOfFile: \"/proc/1/status\")\n", 1,
            "reads /proc outside `#if os(Linux)`"
        ),
        (
            "Sources/CNightshiftSystem/gnu.c", "#define _GNU_SOURCE\n#include <fcntl.h>\nint f(void) { return 0; }\n", 1,
            "_GNU_SOURCE defined outside an #if naming the platform"
        ),
        (
            "Sources/CNightshiftSystem/extension.c",
            "#include <spawn.h>\nint f(posix_spawn_file_actions_t *a) { return posix_spawn_file_actions_addchdir_np(a, \"/\"); }\n", 0,
            "extension.c: does not compile in strict POSIX mode"
        ),
        // Compiles on Linux, whose glibc declares flock in strict mode; the Mac's SDK would not.
        (
            "Sources/CNightshiftSystem/locks.c",
            "#if defined(__linux__) || defined(__APPLE__)\n#include <sys/file.h>\n#endif\nint f(int d) { return flock(d, LOCK_EX); }\n", 4,
            "uses flock, which the macOS SDK hides in strict POSIX mode"
        ),
        // Defined too late: <sys/cdefs.h> has fixed the level by then.
        (
            "Sources/CNightshiftSystem/late.c",
            "#include <sys/resource.h>\n#if defined(__APPLE__)\n#define _DARWIN_C_SOURCE\n#endif\nlong f(void) { struct rusage u; return getrusage(RUSAGE_SELF, &u) == 0 ? u.ru_maxrss : 0; }\n",
            5, "uses ru_maxrss, which the macOS SDK hides"
        ),
    ]

    /// What the same tree may hold without a finding: the Linux branch of a difference, a
    /// function of the file's own that shares a C name, the words in comments.
    static let allowed: [(path: String, text: String)] = [
        (
            "Sources/NightshiftSystem/LinuxBranch.swift",
            "#if os(Linux)\nlet s = try? String(contentsOfFile: \"/proc/self/status\")\n#endif\n"
        ),
        ("Sources/NightshiftKit/OwnRead.swift", "struct R {\n    func read(_ x: Int) -> Int { x }\n    func g() -> Int { read(1) }\n}\n"),
        ("Sources/NightshiftKit/Comment.swift", "// kill(2), FIONREAD and /proc/self are mentioned here only\nlet inlined = 1\n"),
        (
            "Sources/CNightshiftSystem/fine.c",
            "#if defined(__linux__)\n#define _GNU_SOURCE\n#endif\n#include <unistd.h>\nint g(void) { return (int)getpid(); }\n"
        ),
        (
            "Sources/CNightshiftSystem/darwin.c",
            "// flock(2) is only named in this comment\n#if defined(__APPLE__)\n#define _DARWIN_C_SOURCE\n#endif\n#include <sys/resource.h>\nlong h(void) { struct rusage u; return getrusage(RUSAGE_SELF, &u) == 0 ? u.ru_maxrss : 0; }\n"
        ),
    ]

    @Test(
        "each kind of seeded violation is reported at its file and line, and the run fails",
        .enabled(if: python != nil, "needs python3, which the script is written in"))
    func seededViolations() async throws {
        let root = try makeTree(Self.seeded.map { ($0.path, $0.text) } + Self.allowed)
        let outcome = try await Self.check(root)
        #expect(outcome.code == 1)
        for violation in Self.seeded {
            let place = violation.line > 0 ? "\(violation.path):\(violation.line):" : violation.path
            #expect(
                outcome.output.split(separator: "\n").contains { $0.hasPrefix(place) && $0.contains(violation.says) },
                "\(place) \(violation.says) not reported in:\n\(outcome.output)")
        }
        for clean in Self.allowed {
            #expect(!outcome.output.contains(clean.path), "\(clean.path) reported:\n\(outcome.output)")
        }
    }

    @Test("the repository itself is clean", .enabled(if: python != nil, "needs python3, which the script is written in"))
    func repositoryIsClean() async throws {
        let outcome = try await Self.check(SigningFixtures.repositoryRoot.path)
        #expect(outcome.code == 0, "\(outcome.output)")
        #expect(outcome.output.contains("check-portability: clean"))
    }

    private func makeTree(_ files: [(String, String)]) throws -> String {
        let root = try TemporaryDirectory.make("portability")
        try FileManager.default.createDirectory(atPath: root + "/Sources/CNightshiftSystem/include", withIntermediateDirectories: true)
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    private static func check(_ root: String) async throws -> (code: Int32?, output: String) {
        let runner = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let result = try await runner.capture(ShellCommand(try #require(python), [script, "--root", root]))
        guard case .exited(let code) = result.termination else { return (nil, result.standardError) }
        return (code, result.standardOutput + result.standardError)
    }
}
