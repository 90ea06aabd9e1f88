public import NightshiftSystem

/// The commands that put an exported Mac app into its container, as argv arrays (never a shell
/// string), as Apple's man pages spell them. Each signing command names the run's temporary
/// keychain, so an identity of the same name elsewhere on the search list is never taken.
public enum PackageCommands {
    /// hdiutil(1): a compressed (UDZO) image of a folder holding the app; `-ov` overwrites what an
    /// earlier run left, which hdiutil otherwise refuses ("File exists").
    public static func diskImage(volumeName: String, app: String, output: String) -> ShellCommand {
        ShellCommand("hdiutil", ["create", "-volname", volumeName, "-srcfolder", app, "-ov", "-format", "UDZO", output])
    }

    /// codesign(1) on the image itself, with a secure timestamp, which notarization requires of
    /// Developer ID signatures.
    public static func signDiskImage(identity: String, keychain: String, output: String) -> ShellCommand {
        ShellCommand("codesign", ["--sign", identity, "--timestamp", "--keychain", keychain, output])
    }

    /// ditto(1): a PKZip archive (`-c -k`) holding the app folder itself (`--keepParent`), the
    /// layout Apple's notary service and Finder's Compress expect.
    public static func zip(app: String, output: String) -> ShellCommand {
        ShellCommand("ditto", ["-c", "-k", "--keepParent", app, output])
    }

    /// productbuild(1), component mode: the app installed into /Applications, the product archive
    /// signed with the Developer ID Installer identity (its common name) and timestamped.
    public static func installerPackage(app: String, identity: String, keychain: String, output: String) -> ShellCommand {
        ShellCommand(
            "productbuild",
            ["--sign", identity, "--keychain", keychain, "--timestamp", "--component", app, "/Applications", output])
    }
}
