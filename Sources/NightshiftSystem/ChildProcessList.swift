import Foundation

/// The pids of this process' children, as the kernel knows them.
enum ChildProcessList {
    static func current() -> [pid_t] {
        #if os(Linux)
        let fromTasks = childrenOfTasks()
        return fromTasks ?? childrenFromStat()
        #else
        // macOS: nightshift is never a subreaper there (ChildProcesses.becomeSubreaper fails; xnu
        // re-parents every orphan to launchd, bsd/kern/kern_exit.c), so no orphan becomes its
        // child and nothing asks for this list.
        return []
        #endif
    }

    #if os(Linux)
    /// `/proc/self/task/<tid>/children` (Linux 3.5+, CONFIG_PROC_CHILDREN): a child belongs to
    /// the thread that spawned it, and an adopted orphan to whichever thread the kernel picked, so
    /// every thread's list is read. nil when the kernel has no such files.
    private static func childrenOfTasks() -> [pid_t]? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        guard let first = tasks.first, FileManager.default.fileExists(atPath: "/proc/self/task/\(first)/children") else {
            return nil
        }
        // A thread that ended meanwhile has no file any more, and had no children left.
        return tasks.flatMap { task in
            (readProcFile("/proc/self/task/\(task)/children") ?? "").split(separator: " ").compactMap { pid_t($0) }
        }
    }

    /// Every `/proc/<pid>/stat` whose parent field is our pid: slower, for kernels built without
    /// CONFIG_PROC_CHILDREN.
    private static func childrenFromStat() -> [pid_t] {
        let own = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let stat = readProcFile("/proc/\(entry)/stat") else { return nil }
            return parentInStat(stat) == own ? pid : nil
        }
    }

    /// The parent pid in a stat line, `pid (comm) state ppid …`; the name may hold spaces and
    /// parentheses, so the fields are counted after its last `)`.
    static func parentInStat(_ line: String) -> pid_t? {
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// procfs files report size 0, so they are read to their end rather than by size.
    private static func readProcFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
    #endif
}
