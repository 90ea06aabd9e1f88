import NightshiftLanes

/// The workflow's first step: every variable the lane needs, set and not empty, before the
/// checkout and the build. GitHub hands an undefined secret or variable over as an empty string,
/// where nightshift would fail only once the lane starts; this names them all at once, as an
/// error annotation, and exits 2 as nightshift does for a missing variable. A variable another
/// can stand in for (`${A:-${B}}`) is missing only when all of them are.
enum GitHubRequiredCheck {
    static func script(_ variables: [RequiredVariable]) -> [String] {
        let plain = variables.filter(\.alternatives.isEmpty).map(\.name)
        var lines = ["missing=\"\""]
        // A loop over one word is what shellcheck flags (SC2043): one variable gets its own test.
        if plain.count == 1, let name = plain.first {
            lines.append("[ -n \"$(printenv \(name))\" ] || missing=\"$missing \(name)\"")
        } else if !plain.isEmpty {
            lines += [
                "for name in \(plain.joined(separator: " ")); do",
                "  [ -n \"$(printenv \"$name\")\" ] || missing=\"$missing $name\"",
                "done",
            ]
        }
        for variable in variables where !variable.alternatives.isEmpty {
            let tests = variable.candidates.map { "[ -n \"$(printenv \($0))\" ]" }.joined(separator: " || ")
            lines.append("\(tests) || missing=\"$missing \(variable.candidates.joined(separator: "/"))\"")
        }
        return lines + [
            "if [ -n \"$missing\" ]; then",
            "  echo \"::error::not set in this repository's secrets or variables:$missing\"",
            "  exit 2",
            "fi",
        ]
    }
}
