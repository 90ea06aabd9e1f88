import NightshiftCore
import NightshiftSchema
/// Splits altool's output into masked lines as it arrives, logs them, and keeps the error lines
/// for the failure message.
actor AltoolOutput {
    private var pending: [UInt8] = []
    private(set) var errorLines: [String] = []
    private(set) var succeeded = false
    /// The id App Store Connect gave the upload (`Delivery UUID: …`), which support asks for.
    private(set) var deliveryID: String?
    private let secrets: RunSecrets
    private let log: @Sendable (String) async -> Void

    init(secrets: RunSecrets, log: @escaping @Sendable (String) async -> Void) {
        self.secrets = secrets
        self.log = log
    }

    func receive(_ bytes: [UInt8]) async {
        pending += bytes
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            await handle(line)
        }
    }

    func finish() async {
        guard !pending.isEmpty else { return }
        let line = String(decoding: pending, as: UTF8.self)
        pending.removeAll()
        await handle(line)
    }

    private func handle(_ raw: String) async {
        // Masked as it is read: its error lines become the step's failure message.
        let line = secrets.mask(raw)
        if line.contains("UPLOAD SUCCEEDED") || line.contains("No errors uploading") { succeeded = true }
        // Xcode 26's altool can exit 0 after such a line (fastlane#29739): the line decides.
        let upper = line.uppercased()
        if upper.contains("ERROR:") || upper.contains("ERROR ITMS-") { errorLines.append(line.trimmingWhitespace) }
        if let range = line.firstRange(of: "Delivery UUID:") {
            let id = String(line[range.upperBound...]).trimmingWhitespace
            if !id.isEmpty { deliveryID = id }
        }
        await log(line)
    }
}
