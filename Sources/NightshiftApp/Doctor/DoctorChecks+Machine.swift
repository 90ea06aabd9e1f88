import Foundation
import NightshiftApple
import NightshiftSystem

/// The checks of the Mac itself: the keychain search list, Apple's intermediates, free space.
struct MachineDoctorChecks {
    let shell: any ShellRunner

    /// An archive of an app with extensions, its DerivedData and the export take several GB.
    static let enoughSpace: Int64 = 20 * 1_000_000_000
    static let tooLittleSpace: Int64 = 5 * 1_000_000_000

    static let notAMac = "not checked: this machine has no 'security' (it is not a Mac); check on the Mac that signs"

    /// Every keychain on the user's search list exists: a deleted one (a killed run's) makes
    /// `security` and codesign slow, and errors name it.
    func searchList() async -> DoctorCheck {
        let subject = "keychain search list"
        guard let listed = await capture(ShellCommand("security", ["list-keychains", "-d", "user"])) else {
            return DoctorCheck(.attention, subject, Self.notAMac)
        }
        guard case .success(let output) = listed else {
            if case .failure(let detail) = listed { return DoctorCheck(.missing, subject, "security list-keychains failed: \(detail)") }
            return DoctorCheck(.missing, subject, "security list-keychains failed")
        }
        let paths = Self.keychainPaths(in: output)
        let gone = paths.filter { !FileManager.default.fileExists(atPath: $0) }
        if paths.isEmpty {
            return DoctorCheck(
                .missing, subject, "empty: codesign finds no identity",
                fix: "security list-keychains -d user -s ~/Library/Keychains/login.keychain-db")
        }
        if !gone.isEmpty {
            let kept = paths.filter { !gone.contains($0) }.map { "'\($0)'" }.joined(separator: " ")
            return DoctorCheck(
                .attention, subject, "lists keychains that no longer exist: \(gone.joined(separator: ", "))",
                fix: "security list-keychains -d user -s \(kept)")
        }
        return DoctorCheck(.ready, subject, "\(paths.count) keychain\(paths.count == 1 ? "" : "s"), each present")
    }

    /// `security list-keychains` prints each path quoted and indented, one a line.
    static func keychainPaths(in output: String) -> [String] {
        output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { line in
            line.hasPrefix("\"") && line.hasSuffix("\"") && line.count >= 2 ? String(line.dropFirst().dropLast()) : line
        }
    }

    /// The intermediate is in a keychain codesign searches, as `security find-certificate` finds it.
    func installed(_ intermediate: CertificateAuthorities.Intermediate) async -> DoctorCheck {
        let subject = "Apple intermediate \(intermediate.shortName)"
        let name = intermediate.name.commonName ?? ""
        let fix =
            "download \(intermediate.download ?? "it") from \(CertificateAuthorities.downloadPage) and open it in Keychain Access "
            + "(or: security import \(intermediate.download ?? "the .cer") -k ~/Library/Keychains/login.keychain-db)"
        guard let found = await capture(ShellCommand("security", ["find-certificate", "-a", "-c", name, "-p"])) else {
            return DoctorCheck(.attention, subject, Self.notAMac)
        }
        // Nothing of that name exits 44 ("The specified item could not be found in the keychain.").
        let text = if case .success(let output) = found { output } else { "" }
        let units = ((try? SigningCertificate.certificates(inPEM: text)) ?? []).map(\.subjectUnit)
        if units.contains(intermediate.name.unit) { return DoctorCheck(.ready, subject, "installed") }
        return DoctorCheck(.missing, subject, "not in any keychain on the search list: codesign cannot build the chain", fix: fix)
    }

    static func diskSpace(at path: String) -> DoctorCheck {
        let subject = "free disk space"
        guard let free = DiskSpace.available(at: path) else {
            return DoctorCheck(.attention, subject, "cannot tell how much space is free at \(path)")
        }
        let shown = String(format: "%.1f GB free", Double(free) / 1e9)
        let fix =
            "free space: old archives (~/Library/Developer/Xcode/Archives), DerivedData, unused simulators (xcrun simctl delete unavailable)"
        if free < tooLittleSpace { return DoctorCheck(.missing, subject, "\(shown): too little for an archive and its export", fix: fix) }
        if free < enoughSpace { return DoctorCheck(.attention, subject, "\(shown): an archive of a large app may not fit", fix: fix) }
        return DoctorCheck(.ready, subject, shown)
    }

    private enum Captured {
        case success(String)
        case failure(String)
    }

    /// nil when the tool cannot be started (not on PATH).
    private func capture(_ command: ShellCommand) async -> Captured? {
        guard let result = try? await shell.capture(command) else { return nil }
        return result.succeeded ? .success(result.standardOutput) : .failure(result.failureDetail)
    }
}
