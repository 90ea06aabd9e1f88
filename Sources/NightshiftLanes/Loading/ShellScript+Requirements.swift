public import NightshiftCore
extension ShellScript {
    /// Set by `/bin/sh` itself in every script (`OPTARG` by `getopts`): never needed from outside.
    static let setByTheShell: Set<String> = ["PWD", "OLDPWD", "PPID", "IFS", "OPTIND", "OPTARG", "LINENO", "PS1", "PS2", "PS4"]

    /// The script's exact `${NAME}` references that it does not set itself and the shell does
    /// not set, in script order, each where it stands.
    public var neededReferences: [(name: String, location: SourceLocation?)] {
        let scan = ShellScriptScanner.scan(raw)
        return scan.references.enumerated().compactMap { position, reference in
            guard !scan.assigned.contains(reference.name), !Self.setByTheShell.contains(reference.name) else { return nil }
            let placed = position < referenceLocations.count ? referenceLocations[position] : nil
            return (reference.name, placed ?? location)
        }
    }

    /// Placing a reference walks the script's line from its start: past this many, references
    /// stand at the script's start, so a script with thousands of them loads in linear time.
    static let mostPlacedReferences = 100
}
