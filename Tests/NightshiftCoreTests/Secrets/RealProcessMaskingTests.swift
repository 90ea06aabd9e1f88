import Foundation
@testable import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("Masking a real child's output")
struct RealProcessMaskingTests {
    /// One `MaskingLineStream` per channel, as a step runner keeps them.
    final class MaskedChannels: @unchecked Sendable {
        private let lock = NSLock()
        private var streams: [OutputChannel: MaskingLineStream]
        private var output: [OutputChannel: [UInt8]] = [:]

        init(secrets: [String]) {
            let stream = MaskingLineStream(masker: SecretMasker(secrets: secrets))
            streams = [.standardOutput: stream, .standardError: stream]
        }

        func feed(_ channel: OutputChannel, _ bytes: [UInt8]) {
            lock.withLock { output[channel, default: []] += streams[channel]!.feed(bytes) }
        }

        func finish() -> (stdout: String, stderr: String) {
            lock.withLock {
                for channel in [OutputChannel.standardOutput, .standardError] {
                    output[channel, default: []] += streams[channel]!.finish()
                }
                return (
                    String(decoding: output[.standardOutput] ?? [], as: UTF8.self),
                    String(decoding: output[.standardError] ?? [], as: UTF8.self)
                )
            }
        }
    }

    @Test("a secret written in two pieces, and one written to stderr, never appear in the output")
    func splitAndStderr() async throws {
        let secret = "sup3r-s3cret-t0ken"
        let runner = ProcessShellRunner(environment: ["PATH": testPATH, "API_TOKEN": secret])
        let channels = MaskedChannels(secrets: [secret])
        // The pause makes the two halves arrive in separate reads; the child reads the secret
        // from its environment, never from argv.
        let script = #"""
            half=${#API_TOKEN}; half=$((half / 2))
            printf 'token: %s' "$(printf %s "$API_TOKEN" | cut -c1-$half)"; sleep 0.1
            printf '%s done\n' "$(printf %s "$API_TOKEN" | cut -c$((half + 1))-)"
            echo "error: bad token $API_TOKEN" >&2
            printf 'basic %s\n' "$(printf 'ci:%s' "$API_TOKEN" | base64)"
            """#
        let termination = try await runner.run(.shell(script)) { channel, bytes in channels.feed(channel, bytes) }
        #expect(termination == .exited(0))
        let (stdout, stderr) = channels.finish()
        #expect(stdout.hasPrefix("token: ******** done\n"))
        #expect(stderr == "error: bad token ********\n")
        #expect(!stdout.contains(secret))
        let basicLine = stdout.split(separator: "\n").last ?? ""
        #expect(basicLine.hasPrefix("basic ") && basicLine.contains(Secret.mask), "\(basicLine)")
    }
}
