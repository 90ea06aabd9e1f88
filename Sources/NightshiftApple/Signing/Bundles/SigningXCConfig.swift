/// The build settings file `archive` passes with `-xcconfig`: each signed target's style,
/// profile, identity and team, keyed by its bundle id through Xcode's own macros, so that
/// nothing reaches a target the plan does not name.
///
/// Why this way, and not the command line or the project (README, "How each bundle is signed"):
/// - `NAME=VALUE` on xcodebuild's command line applies to every target of the build, Swift
///   package targets and build-tool plugins included, which then fail ("does not support
///   provisioning profiles, but provisioning profile X has been manually specified").
/// - Editing project.pbxproj per target leaves the user's project changed if the run is killed.
/// - An `-xcconfig` file is also read for every target, but a value such as
///   `$(NIGHTSHIFT_PROFILE_$(PRODUCT_BUNDLE_IDENTIFIER:c99extidentifier):default=$(inherited))`
///   evaluates, in each target, to that target's own entry, and for a target the plan does not
///   name (a framework, a package, a plugin) to `$(inherited)`: its own setting, untouched.
///   Xcode's build system evaluates `:default=` on an empty result and `$(inherited)` inside it
///   as the setting being defined (swiftlang/swift-build, `MacroEvaluationProgram`).
public enum SigningXCConfig {
    /// The settings signed per bundle, and the prefix of their per-bundle variables.
    static let settings: [(setting: String, variable: String)] = [
        ("CODE_SIGN_STYLE", "NIGHTSHIFT_SIGNING_STYLE_"),
        ("DEVELOPMENT_TEAM", "NIGHTSHIFT_TEAM_"),
        ("CODE_SIGN_IDENTITY", "NIGHTSHIFT_IDENTITY_"),
        ("PROVISIONING_PROFILE_SPECIFIER", "NIGHTSHIFT_PROFILE_"),
    ]

    public static func render(_ plan: BundleSigningPlan, header: String) -> String {
        var lines = header.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)" }
        for entry in plan.entries {
            let key = BuildSettingMacro.c99ExtendedIdentifier(entry.bundle.identifier)
            lines.append("")
            lines.append("// \(entry.bundle.identifier) (target \(entry.bundle.target))")
            // A bundle that needs no profile names none: it keeps the project's specifier, which
            // for such a target is empty (Xcode would otherwise have asked for a profile).
            let values = ["Manual", plan.team ?? "", entry.identity, entry.profile?.uuid ?? ""]
            for ((_, variable), value) in zip(settings, values) where !value.isEmpty {
                lines.append("\(variable)\(key) = \(value)")
            }
        }
        lines.append("")
        for (setting, variable) in settings {
            lines.append("\(setting) = $(\(variable)$(PRODUCT_BUNDLE_IDENTIFIER:c99extidentifier):default=$(inherited))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value the file cannot carry as it is: a line break, `//` (a comment) or `$` (a macro).
    /// Profiles are named by UUID; an identity whose name cannot be written is named by its SHA-1.
    public static func unwritable(_ value: String) -> Bool {
        value.contains("\n") || value.contains("\r") || value.contains("//") || value.contains("$")
    }
}
