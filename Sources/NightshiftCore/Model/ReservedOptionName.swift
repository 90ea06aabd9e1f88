/// Option names a lane may not declare because steps get each option as an environment variable
/// of its name (and as `NIGHTSHIFT_OPTION_NAME`): an option `PATH` with no default would empty
/// `PATH` for every step, `LD_PRELOAD` or `DYLD_INSERT_LIBRARIES` would load a library into every
/// tool, `IFS` or `ENV` would change how `/bin/sh` reads every script, and `export jenkins` would
/// make each a job parameter anyone starting a build can set.
///
/// Compared case-insensitively: `path` is zsh's array tied to `PATH` (and csh's), and a name
/// differing only in case from a variable the system reads is a trap for whoever reads the
/// lanes file.
public enum ReservedOptionName {
    /// Variables the shell, the dynamic loader or the tools a step runs read for themselves.
    public static let names: Set<String> = [
        "PATH", "HOME", "IFS", "TMPDIR", "SHELL", "USER", "LOGNAME", "PWD", "OLDPWD", "CDPATH", "ENV", "BASH_ENV",
        "PS4", "SHELLOPTS", "BASHOPTS",
    ]
    /// Families read by the dynamic loader (glibc's `LD_*`, dyld's `DYLD_*`), and nightshift's own.
    public static let prefixes = ["LD_", "DYLD_", NightshiftVariable.prefix]

    /// Why `name` cannot be an option's name, or nil when it can.
    public static func problem(with name: String) -> String? {
        let upper = name.uppercased()
        if names.contains(upper) {
            return "would replace the environment's \(upper) for every step"
        }
        if let prefix = prefixes.first(where: { upper.hasPrefix($0) }) {
            return "starts with \(prefix), which \(prefix == NightshiftVariable.prefix ? "nightshift" : "the dynamic loader") reads"
        }
        return nil
    }
}
