import Foundation
@testable import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("AbsolutePath: made absolute once, operated on as a value", .temporaryDirectory)
struct AbsolutePathTests {
    private func path(_ text: String) throws -> AbsolutePath { try AbsolutePath(validating: text) }

    @Test(
        "`.`, repeated and trailing slashes go; `..` stays, for the kernel to take after symlinks",
        arguments: [
            ("/a/b", "/a/b"), ("/a/b/", "/a/b"), ("/a//b///c", "/a/b/c"), ("//a", "/a"), ("/a/./b/.", "/a/b"),
            ("/a/../b", "/a/../b"), ("/", "/"), ("//", "/"), ("/.", "/"), ("/a/.hidden/", "/a/.hidden"),
        ])
    func normalized(given: String, expected: String) throws {
        #expect(try path(given).string == expected)
    }

    @Test(
        "standardized resolves `..` by the text, and never above the root",
        arguments: [
            ("/a/b/../c", "/a/c"), ("/a/b/../../..", "/"), ("/../a", "/a"), ("/a/./b/../", "/a"), ("/a/b", "/a/b"),
        ])
    func standardized(given: String, expected: String) throws {
        #expect(try path(given).standardized.string == expected)
    }

    @Test("standardized agrees with Foundation's standardizedFileURL on Linux, which it replaces")
    func standardizedLikeFoundation() throws {
        // macOS's (NSURL's `URLByStandardizingPath`) may also drop a leading /private, by asking
        // the file system: not a rule of the text, so only Linux is compared.
        #if os(Linux)
        for given in ["/a/b/../c", "/a/./b//c/", "/a/../../b", "/x/y/..", "/srv/app/./lanes.yml"] {
            #expect(try path(given).standardized.string == URL(fileURLWithPath: given).standardizedFileURL.path, "\(given)")
        }
        #endif
    }

    @Test("a relative path is read against the directory given, never the process's")
    func relativeToDirectory() throws {
        let srv = try path("/srv")
        #expect(try AbsolutePath(validating: "app/lanes.yml", relativeTo: srv).string == "/srv/app/lanes.yml")
        #expect(try AbsolutePath(validating: "./lanes.yml", relativeTo: srv) == AbsolutePath(validating: "lanes.yml", relativeTo: srv))
        #expect(try AbsolutePath(validating: "../lanes.yml", relativeTo: srv).string == "/srv/../lanes.yml")
        #expect(try AbsolutePath(validating: "/etc/x", relativeTo: srv).string == "/etc/x")
        #expect(try AbsolutePath(validating: "x", relativeTo: .root).string == "/x")
        #expect(try AbsolutePath(validating: "", relativeTo: srv) == srv)
    }

    @Test("a relative path alone, or a NUL anywhere, is refused: the system calls would stop at the NUL")
    func refused() throws {
        #expect(throws: PathError(path: "lanes.yml", problem: .relative)) { try AbsolutePath(validating: "lanes.yml") }
        #expect(throws: PathError(path: "", problem: .relative)) { try AbsolutePath(validating: "") }
        #expect(throws: PathError(path: "/a\0b", problem: .containsNUL)) { try AbsolutePath(validating: "/a\0b") }
        #expect(throws: PathError(path: "x\0", problem: .containsNUL)) { try AbsolutePath(validating: "x\0", relativeTo: .root) }
        #expect(PathError(path: "/a\0b", problem: .containsNUL).description == "'/a\\0b' holds a NUL byte, which no path can")
    }

    @Test("appending, parent and the last component work on the text")
    func operations() throws {
        let file = try path("/srv/app/lanes.yml")
        #expect(file.parent.string == "/srv/app")
        #expect(file.lastComponent == "lanes.yml")
        #expect(file.parent.appending(".nightshift/runs").string == "/srv/app/.nightshift/runs")
        #expect(file.parent.appending("a//b/").string == "/srv/app/a/b")
        #expect(file.parent.appending("/elsewhere").string == "/elsewhere")
        #expect(AbsolutePath.root.parent == .root)
        #expect(AbsolutePath.root.lastComponent == "")
        #expect(AbsolutePath.root.appending("x").string == "/x")
        #expect(try path("/x").parent == .root)
    }

    @Test(
        "relative(to:) walks up with `..` where needed",
        arguments: [
            ("/a/b/c", "/a", "b/c"), ("/a/b/c", "/a/x", "../b/c"), ("/a", "/a", "."), ("/a", "/a/b/c", "../.."),
            ("/a/b", "/", "a/b"), ("/a/./b/../c", "/a", "c"),
        ])
    func relative(path given: String, base: String, expected: String) throws {
        #expect(try path(given).relative(to: path(base)) == expected)
    }

    @Test("isInside compares whole components")
    func inside() throws {
        #expect(try path("/repo/ios/lanes.yml").isInside(path("/repo")))
        #expect(try path("/repo").isInside(path("/repo")))
        #expect(try !path("/repository/lanes.yml").isInside(path("/repo")))
        #expect(try path("/anything").isInside(.root))
    }

    @Test("a very long path is kept whole (the kernel, not the type, says ENAMETOOLONG) and in linear time")
    func veryLong() throws {
        let component = String(repeating: "n", count: 300)  // longer than NAME_MAX (255) too
        let long = "/" + Array(repeating: component, count: 200).joined(separator: "//") + "/"
        let made = try path(long)
        #expect(made.string.utf8.count == 200 * 301)
        #expect(made.lastComponent == component)
        #expect(made.standardized == made)
        #expect(made.appending("x/..").standardized == made)
    }

    @Test("symlinks: kept as written, resolved only when asked; `..` after a link is the kernel's to take")
    func symlinkedDirectory() throws {
        let folder = try path(try TemporaryDirectory.make("links"))
        try FileManager.default.createDirectory(atPath: folder.appending("deep/real").string, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appending("link").string, withDestinationPath: "deep/real")
        try "x".write(toFile: folder.appending("deep/marker").string, atomically: true, encoding: .utf8)
        let throughLink = folder.appending("link/../marker")
        // The kernel follows the link first: deep/real/.. is deep, which holds the marker.
        #expect(FileManager.default.fileExists(atPath: throughLink.string))
        // By the text alone, `link/..` is the folder itself, which holds no marker.
        #expect(!FileManager.default.fileExists(atPath: throughLink.standardized.string))
        #expect(folder.appending("link").string.hasSuffix("/link"))
        // Resolved, the link and its target are one path (on macOS the temporary folder's
        // /var → /private/var link is resolved alike on both sides).
        #expect(folder.appending("link").resolvingSymlinks() == folder.appending("deep/real").resolvingSymlinks())
        #expect(folder.appending("link/missing").resolvingSymlinks().lastComponent == "missing")
    }

    @Test("equal paths are one key, however they were spelled")
    func hashable() throws {
        let set: Set<AbsolutePath> = [try path("/a/b"), try path("/a//b/"), try path("/a/./b")]
        #expect(set.count == 1)
        #expect(try path("/a") < path("/b"))
    }
}

@Suite("DiskFiles: reading a whole file, or why not", .temporaryDirectory)
struct DiskFilesTests {
    @Test("bytes, missing, and a folder that cannot be read as a file")
    func contents() throws {
        let folder = try AbsolutePath(validating: try TemporaryDirectory.make("files"))
        try "hello\n".write(toFile: folder.appending("a.txt").string, atomically: true, encoding: .utf8)
        #expect(DiskFiles().contents(of: folder.appending("a.txt")) == .bytes(Data("hello\n".utf8)))
        #expect(DiskFiles().contents(of: folder.appending("none.txt")) == .missing)
        #expect(DiskFiles().contents(of: folder.appending("no/such/folder.txt")) == .missing)
        #expect(DiskFiles().contents(of: folder) == .unreadable("it is a folder"))
        #expect(DiskFiles().contents(of: try AbsolutePath(validating: "/dev/zero")) == .unreadable("it is a device"))
    }

    @Test("fileExtension is what NSString's pathExtension says, for the names a notarized file has")
    func fileExtension() throws {
        for path in ["/b/App.pkg", "/b/App.tar.gz", "/b/.profile", "/b/App", "/", "/b/App.", "/a.d/App", "/b/Ä.DMG", "/b/..", "/b/a..zip"] {
            let expected = (path as NSString).pathExtension
            #expect(try AbsolutePath(validating: path).fileExtension == expected, "\(path)")
        }
    }
}
