public import NightshiftSystem

/// How long a command line nightshift makes of a list may be (a test shard's or re-run's,
/// dwarfdump's of every binary of an archive). The kernel refuses a longer one with E2BIG
/// ("Argument list too long") before the tool starts: on macOS, `getconf ARG_MAX` is 1 MiB for
/// the arguments and the environment together, each string counted with its NUL and its
/// pointer (`exec_add_user_string` in xnu's kern_exec.c); on Linux, a quarter of the stack
/// limit (2 MiB with the default 8 MiB) and 128 KiB for any one argument (MAX_ARG_STRLEN).
/// Half of macOS's limit leaves the environment (a CI agent's can be tens of KB) its room, and
/// no argument nightshift makes comes near Linux's per-argument limit.
public enum CommandLineBound {
    /// The most bytes a command's arguments (with their NULs and pointers) may take.
    public static let argumentBytes = 512 * 1024
    /// The longest single argument nightshift writes (a combined `--filter`): under Linux's
    /// 128 KiB per argument.
    public static let singleArgumentBytes = 96 * 1024

    /// What `arguments` take of the kernel's limit, as macOS counts it.
    public static func size(of arguments: some Sequence<String>) -> Int {
        arguments.reduce(0) { $0 + size(of: $1) }
    }

    public static func size(of argument: String) -> Int { argument.utf8.count + 1 + MemoryLayout<UnsafeRawPointer>.size }

    /// What `values` may take beside `bare` (the command without them, at its longest).
    public static func budget(beside bare: ShellCommand) -> Int { argumentBytes - size(of: bare.argv) }

    /// `values`, each after its `flag` (`-only-testing`), in order, cut into invocations whose
    /// flags and values take at most `budget` each; one invocation of none for none (a run of
    /// every test).
    public static func invocations(_ values: [String], flag: String, budget: Int) -> [[String]] {
        guard !values.isEmpty else { return [[]] }
        return split(values, budget: budget) { size(of: $0) + size(of: flag) }
    }

    /// `items` in order, cut into runs whose `cost` adds up to at most `budget` each; an item
    /// over the budget alone gets a run of its own (nothing shorter can name it).
    public static func split<Item>(_ items: [Item], budget: Int, cost: (Item) -> Int) -> [[Item]] {
        var runs: [[Item]] = []
        var current: [Item] = []
        var used = 0
        for item in items {
            let size = cost(item)
            if !current.isEmpty, used + size > budget {
                runs.append(current)
                current = []
                used = 0
            }
            current.append(item)
            used += size
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }
}
