public import NightshiftCore
public import NightshiftSystem

/// The `.env` files a command loads beside the lanes file, and how they combine. The order is
/// fastlane's (`fastlane/lib/fastlane/helper/dotenv_helper.rb`, `load_dot_envs_from`): `.env` and
/// `.env.default` when present, then each of `--env a,b` in turn (`.env.a`, `.env.b`), each
/// required. fastlane applies `.env` before `.env.default` without overwriting, so `.env` wins
/// over `.env.default`, and each `--env` file overrides the ones before it.
///
/// One deliberate difference: fastlane lets the `--env` files override the real environment;
/// here the real environment always wins (a Jenkins credential must beat a value checked in
/// beside the lanes file), and a note says so for every variable it hides.
public enum DotEnvStack {
    public struct Source: Sendable, Hashable {
        public var path: String
        /// A file `--env` names must exist; the implicit ones are read when present.
        public var isRequired: Bool
    }

    public struct Loaded: Sendable {
        public var environment: EnvironmentVariables
        /// `note: NAME from the environment overrides .env.staging:3`, one per hidden variable.
        public var notes: [Diagnostic]
    }

    /// The files to load, weakest first.
    public static func sources(besideLanesFile lanesFile: String, environmentNames: String?) -> [Source] {
        let folder = lanesFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        func path(_ name: String) -> String { lanesFile.contains("/") ? "\(folder)/\(name)" : name }
        let named = (environmentNames ?? "").split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        return [Source(path: path(".env.default"), isRequired: false), Source(path: path(".env"), isRequired: false)]
            + named.map { Source(path: path(".env.\($0)"), isRequired: true) }
    }

    /// `files` (path and text, weakest first) beneath `environment`.
    public static func load(_ files: [(path: String, text: String)], under environment: EnvironmentVariables) throws(DotEnvError) -> Loaded
    {
        var effective: [String: DotEnvAssignment] = [:]
        var assignments: [DotEnvAssignment] = []
        for file in files {
            let scope = DotEnvScope(environment: environment, earlierFiles: effective.mapValues(\.value))
            for assignment in try DotEnvFile.parse(file.text, file: file.path, scope: scope) {
                effective[assignment.name] = assignment
                assignments.append(assignment)
            }
        }
        let hidden = assignments.filter { effective[$0.name] == $0 && environment[$0.name] != nil }
        let notes = hidden.map {
            Diagnostic(.note, "\($0.name) from the environment overrides \($0.location.file):\($0.location.line)", at: nil)
        }
        return Loaded(environment: environment.filling(from: effective.mapValues(\.value)), notes: notes)
    }
}

private extension Substring {
    func trimmingBlanks() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
