import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// After Apple accepted a file: staple the ticket to it (`xcrun stapler staple`), then check what
/// a Mac will check (`stapler validate`; `spctl --assess` with the type Gatekeeper uses for it;
/// `codesign --verify --deep --strict`). Each command runs through the step's shell, its output
/// in the step's log; a failure quotes what Apple's tool said.
///
/// A .zip cannot carry a ticket (stapler(1) staples .app, .dmg and .pkg): nothing is stapled and
/// the step says so. Where `xcrun stapler` does not exist (Linux), nothing is stapled either.
struct NotarizedFileCheck {
    var context: StepContext

    enum Kind: Equatable {
        case app, dmg, pkg, zip, other
        init(_ path: AbsolutePath) {
            switch path.fileExtension.lowercased() {
            case "app": self = .app
            case "dmg": self = .dmg
            case "pkg", "mpkg": self = .pkg
            case "zip": self = .zip
            default: self = .other
            }
        }
    }

    /// spctl(8): an .app is assessed as what it is, `--type execute`; a disk image or an installer
    /// package as a document whose signature is checked (`--type open --context
    /// context:primary-signature`; a .pkg is `--type install`).
    static func assessment(of file: String, kind: Kind) -> ShellCommand? {
        switch kind {
        case .app: ShellCommand("spctl", ["--assess", "--type", "execute", "-v", file])
        case .dmg: ShellCommand("spctl", ["--assess", "--type", "open", "--context", "context:primary-signature", "-v", file])
        case .pkg: ShellCommand("spctl", ["--assess", "--type", "install", "-v", file])
        case .zip, .other: nil
        }
    }

    /// The commands, in order, for a file that can be stapled.
    static func commands(for path: AbsolutePath) -> [ShellCommand] {
        let kind = Kind(path), file = path.string
        guard kind != .zip else { return [] }
        var commands = [ShellCommand("xcrun", ["stapler", "staple", file]), ShellCommand("xcrun", ["stapler", "validate", file])]
        if let assessment = assessment(of: file, kind: kind) { commands.append(assessment) }
        // A flat .pkg has no code signature for codesign to verify: pkgutil --check-signature is its check.
        if kind == .pkg {
            commands.append(ShellCommand("pkgutil", ["--check-signature", file]))
        } else {
            commands.append(ShellCommand("codesign", ["--verify", "--deep", "--strict", "--verbose=2", file]))
        }
        return commands
    }

    /// The note a skipped staple leaves, or nil when stapling goes ahead.
    func skipReason(for file: AbsolutePath) async -> String? {
        if Kind(file) == .zip {
            return "not stapling \(file.lastComponent): Apple cannot staple a ticket to a .zip "
                + "(Gatekeeper looks the ticket up online); staple the .app inside before zipping if it must work offline"
        }
        let found = try? await context.shell.capture(ShellCommand("xcrun", ["--find", "stapler"]))
        guard let found, found.succeeded else {
            return "not stapling: 'xcrun stapler' is not available here (it comes with Xcode on macOS); "
                + "the ticket is online, and 'xcrun stapler staple' on a Mac attaches it"
        }
        return nil
    }

    func run(on file: AbsolutePath) async throws {
        if let reason = await skipReason(for: file) {
            await context.log(.note(reason))
            return
        }
        for command in Self.commands(for: file) {
            await context.log("$ " + CommandLineRendering.render(command))
            let result = try await context.shell.capture(command, forwarding: [.standardOutput, .standardError], to: context.emit)
            guard result.succeeded else {
                let said = result.failureDetail.isEmpty ? "nothing" : "'\(result.failureDetail)'"
                throw NotaryError(
                    "\(([command.executable] + command.arguments.prefix(2)).joined(separator: " ")) failed (\(result.termination)): "
                        + "Apple's tool said \(said)",
                    reason: .stapleFailed)
            }
        }
        await context.log("stapled and verified \(file.lastComponent)")
    }
}
