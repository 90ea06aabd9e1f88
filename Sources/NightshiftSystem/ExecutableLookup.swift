import Foundation

/// Finds the file a command names, the way a POSIX shell does: a name containing `/` is used as
/// is (relative to the working directory), a bare name is searched on `PATH` in order, and an
/// empty `PATH` entry means the current directory.
struct ExecutableLookup: Sendable {
    /// What `sh` searches when `PATH` is unset.
    static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

    var searchPath: String?
    var workingDirectory: String?

    func resolve(_ name: String) throws(ShellRunnerError) -> String {
        guard !name.isEmpty else {
            throw ShellRunnerError(executable: name, reason: "the command is empty")
        }
        if name.utf8.contains(UInt8(ascii: "/")) {
            let path = absolute(name)
            try requireExecutable(path, named: name)
            return path
        }
        var nonExecutableMatch: String?
        for directory in directories {
            let candidate = absolute(directory.isEmpty ? name : directory + "/" + name)
            guard isRegularFile(candidate) else { continue }
            if access(candidate, X_OK) == 0 { return candidate }
            nonExecutableMatch = nonExecutableMatch ?? candidate
        }
        if let nonExecutableMatch {
            throw ShellRunnerError(executable: name, reason: "\(nonExecutableMatch) is not executable")
        }
        throw ShellRunnerError(executable: name, reason: "not found on PATH (\(searchPath ?? Self.defaultSearchPath))")
    }

    private var directories: [String] {
        (searchPath ?? Self.defaultSearchPath).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    }

    /// `path` from the working directory when one is set (it is absolute); else as is, for the
    /// kernel to read against this process's folder. A path with a NUL is left for `stat` to miss.
    private func absolute(_ path: String) -> String {
        guard let workingDirectory, let directory = try? AbsolutePath(validating: workingDirectory),
            let absolute = try? AbsolutePath(validating: path, relativeTo: directory)
        else { return path }
        return absolute.string
    }

    private func requireExecutable(_ path: String, named name: String) throws(ShellRunnerError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ShellRunnerError(executable: name, reason: "\(path) does not exist")
        }
        guard isRegularFile(path), access(path, X_OK) == 0 else {
            throw ShellRunnerError(executable: name, reason: "\(path) is not an executable file")
        }
    }

    private func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
