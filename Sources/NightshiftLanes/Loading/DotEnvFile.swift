public import NightshiftCore
public import NightshiftSystem

/// One `NAME=value` line of a `.env` file, with where it was written (for errors and for the note
/// that says the real environment overrode it).
public struct DotEnvAssignment: Sendable, Hashable {
    public var name: String
    public var value: String
    public var location: SourceLocation
}

/// A `.env` file that cannot be read as written, located compiler-style (`.env.staging:4:1`).
public struct DotEnvError: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostic: Diagnostic

    public init(_ message: String, at location: SourceLocation) {
        diagnostic = .error(message, at: location)
    }

    public var description: String { diagnostic.description }
}

/// `.env` files in the format of the Ruby dotenv gem 2.x, which fastlane's `--env` reads
/// (bkeepers/dotenv 2.x `lib/dotenv/parser.rb` and `substitutions/variable.rb`; the README's
/// `.env` table lists every rule):
/// - `NAME=value`, optional `export `, blank lines and `#` comment lines;
/// - a quoted value ends at its matching closing quote, may span lines (a PEM key), and may be
///   followed by a comment;
/// - single quotes are literal (a `\'` inside neither ends them nor loses its backslash);
/// - double quotes turn `\n` and `\r` into a line feed and a carriage return, and `\X` into `X`
///   for any other `X`: so `\\` is `\`, `\"` is `"`, `\$` is a literal `$`, and `\t` is `t`
///   (the gem's rule; python-dotenv would give a tab);
/// - in double-quoted and unquoted values `$NAME` and `${NAME}` are replaced by the variable's
///   value (the real environment, else an earlier line, else an earlier file; unset is empty),
///   and `\$` keeps a literal `$`. `$(…)` stays as written: a `.env` never runs commands.
///
/// Where the gem's regular expressions behave by accident, this reader is stricter, and says so
/// with a location rather than guess: text after a closing quote, an unterminated quote, a
/// malformed `${`, or a NUL byte in a value are errors; each backslash escapes exactly the next
/// character (the gem unescapes twice, so `"\\$A"` would keep `$A`); an unquoted `#` starts a
/// comment only at the value's start or after a blank (python-dotenv's rule; the gem cuts
/// `pa#ss` to `pa`, which would truncate a password silently).
public enum DotEnvFile {
    /// The assignments of `text`, in order. `scope` gives the values `$NAME` reads besides the
    /// file's own earlier lines.
    public static func parse(_ text: String, file: String, scope: DotEnvScope = DotEnvScope()) throws(DotEnvError) -> [DotEnvAssignment] {
        var reader = DotEnvReader(text: text, file: file, scope: scope)
        return try reader.assignments()
    }
}

/// What `$NAME` in a `.env` file reads besides the file's own earlier lines.
public struct DotEnvScope: Sendable {
    /// Wins over the file's own lines, as the real environment wins over the file.
    public var environment: EnvironmentVariables
    /// Files loaded before this one, under its own lines.
    public var earlierFiles: [String: String]

    public init(environment: EnvironmentVariables = [:], earlierFiles: [String: String] = [:]) {
        self.environment = environment
        self.earlierFiles = earlierFiles
    }
}
