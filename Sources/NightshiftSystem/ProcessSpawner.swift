import Foundation
internal import CNightshiftSystem

/// Starts and reaps the processes `ProcessShellRunner` runs, through `nightshift_spawn` (see its
/// header for everything the child gets: its own process group, a clean signal state, exactly
/// three descriptors).
enum ProcessSpawner {
    /// The descriptors the child gets as its stdin (nil: /dev/null), stdout and stderr, and those
    /// it keeps besides, as 3, 4, ... (`ShellCommand.inheritedDescriptors`).
    struct Descriptors {
        var input: Int32?
        var output: Int32
        var error: Int32
        var inherited: [Int32] = []
    }

    /// Starts `path` with `argv` (the name first, as a shell passes it) and exactly `environment`.
    /// - Returns: the child's pid, which leads its own process group.
    static func spawn(
        path: String, argv: [String], environment: EnvironmentVariables, directory: String?, descriptors: Descriptors
    ) throws(ShellRunnerError) -> pid_t {
        let arguments = CStringArray(argv)
        let variables = CStringArray(
            environment.values.compactMap { name, value in
                name.isEmpty || name.utf8.contains(UInt8(ascii: "=")) ? nil : "\(name)=\(value)"
            })
        defer {
            arguments.free()
            variables.free()
        }
        var pid: pid_t = 0
        let failure = descriptors.inherited.withUnsafeBufferPointer { inherited in
            nightshift_spawn(
                &pid, path, arguments.pointers, variables.pointers, directory,
                descriptors.input ?? -1, descriptors.output, descriptors.error, inherited.baseAddress, Int32(inherited.count))
        }
        guard failure == 0 else {
            throw ShellRunnerError(executable: argv.first ?? path, reason: "\(path): \(String(cString: strerror(failure)))")
        }
        return pid
    }

    /// Reaps `pid` (blocking until it ends) and says how it ended.
    static func reap(_ pid: pid_t) -> Termination {
        var code: Int32 = 0
        var signal: Int32 = 0
        // ECHILD cannot happen for a child only this runner reaps; should it, the step failed.
        guard nightshift_reap(pid, &code, &signal) == 0 else { return .exited(127) }
        return signal != 0 ? .signalled(signal) : .exited(code)
    }
}

/// A NULL-terminated array of C strings, owned until `free()`.
private struct CStringArray {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func free() {
        for pointer in pointers { Foundation.free(pointer) }
    }
}
