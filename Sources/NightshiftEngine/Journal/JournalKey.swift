import Crypto
import Foundation
import NightshiftCore
import NightshiftSystem

/// The key of the journal's input digests: HMAC-SHA256 with 32 random bytes kept in
/// `<state>/journal.key` (owner-only, one per workspace, shared by its runs so a resumed run
/// can compare). A plain SHA-256 of a variable's value let anyone who could read a journal try
/// a dictionary against a short keychain password; without the key a digest tells nothing.
/// Deleting the key only makes every recorded step re-run.
struct JournalKey: Sendable {
    static let fileName = "journal.key"
    static let length = 32
    /// What `StepInputs.digests` says of digests made with a key.
    static let scheme = "hmac-sha256"

    private let key: SymmetricKey

    init(bytes: [UInt8]) {
        key = SymmetricKey(data: bytes)
    }

    /// A key nothing else has: for a run that keeps no journal on disk, or cannot keep the key.
    static func ephemeral() -> JournalKey {
        JournalKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    /// The workspace's key, made now when there is none. `create: false` (a dry run, which
    /// writes nothing) takes an ephemeral key instead: there is then no keyed journal to match.
    /// A key that cannot be read or made gives an ephemeral one and the reason, for a warning.
    static func workspace(stateDirectory: String, create: Bool) -> (key: JournalKey, problem: String?) {
        let path = "\(stateDirectory)/\(fileName)"
        do {
            let bytes =
                create
                ? try PrivateKeyFile.loadOrCreate(path, length: length) { SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) } }
                : try PrivateKeyFile.load(path, length: length)
            return (bytes.map(JournalKey.init(bytes:)) ?? ephemeral(), nil)
        } catch {
            return (ephemeral(), error.description)
        }
    }

    /// The keyed digest of `text`, in hex.
    func digest(_ text: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key).hexString
    }
}
