import Foundation
import NightshiftCore
import NightshiftSystem

/// The masking half of the streaming figure: each chunk is masked into one reusable buffer and
/// written to stdout with one `write(2)`, as the step recorder does with the step log.
final class RunnerStream: @unchecked Sendable {
    private var stream: MaskingLineStream
    private var masked: [UInt8] = []
    private let sink = TerminalOutputSink(standardOutput: STDOUT_FILENO, standardError: STDERR_FILENO, isInteractive: false)
    private(set) var bytesIn = 0

    init(secrets: [String]) {
        stream = MaskingLineStream(masker: SecretMasker(secrets: secrets))
    }

    func feed(_ bytes: [UInt8]) {
        bytesIn += bytes.count
        masked.removeAll(keepingCapacity: true)
        stream.feed(bytes) { masked.append(contentsOf: $0) }
        sink.write(bytes: masked, to: .standardOutput)
    }

    func finish() {
        sink.write(bytes: stream.finish(), to: .standardOutput)
    }
}
