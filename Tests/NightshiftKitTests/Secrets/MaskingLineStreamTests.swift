import Foundation
import Testing
@testable import NightshiftKit

@Suite("MaskingLineStream")
struct MaskingLineStreamTests {
    private func streamed(_ chunks: [[UInt8]], secrets: [String], held: Int = 64 * 1024) -> (String, [Int]) {
        var stream = MaskingLineStream(masker: SecretMasker(secrets: secrets), maximumHeldBytes: held)
        var output: [UInt8] = []
        var held: [Int] = []
        for chunk in chunks {
            output += stream.feed(chunk)
            held.append(stream.heldByteCount)
        }
        output += stream.finish()
        return (String(decoding: output, as: UTF8.self), held)
    }

    @Test("a secret split across two reads is masked at every split position")
    func splitEverywhere() {
        let line = Array("deploying with token=ghp_SECRETVALUE42 now\nnext line\n".utf8)
        for cut in 0...line.count {
            let (output, _) = streamed([Array(line[..<cut]), Array(line[cut...])], secrets: ["ghp_SECRETVALUE42"])
            #expect(output == "deploying with token=******** now\nnext line\n", "cut at \(cut)")
        }
    }

    @Test("a base64 secret split byte by byte is masked")
    func byteByByte() {
        let encoded = Data("user:pa55w0rd!".utf8).base64EncodedString()
        let line = Array("Authorization: Basic \(encoded)\n".utf8)
        let (output, _) = streamed(line.map { [$0] }, secrets: ["pa55w0rd!"])
        #expect(output.contains(Secret.mask))
        #expect(!output.contains(String(encoded.suffix(8))))
    }

    @Test("only complete lines are emitted until the end")
    func linePreserving() {
        var stream = MaskingLineStream(masker: SecretMasker(secrets: ["abc"]))
        #expect(stream.feed(Array("first li".utf8)).isEmpty)
        #expect(stream.feed(Array("ne\nsecond".utf8)) == Array("first line\n".utf8))
        #expect(stream.finish() == Array("second".utf8))
        #expect(stream.finish().isEmpty)
    }

    @Test("a long line without newline is flushed in bounded pieces and still masked across the cut")
    func longLine() {
        let secret = "LONG-LINE-SECRET-123"
        let filler = String(repeating: "=", count: 1_000)
        let text = (0..<50).map { _ in filler + secret }.joined()
        let bytes = Array(text.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: 333).map { Array(bytes[$0..<min($0 + 333, bytes.count)]) }
        let (output, held) = streamed(chunks, secrets: [secret], held: 4_096)
        #expect(output == (0..<50).map { _ in filler + Secret.mask }.joined())
        #expect(held.allSatisfy { $0 <= 4_096 })
    }

    @Test("a progress meter redrawn with carriage returns is emitted as it goes")
    func carriageReturns() {
        var stream = MaskingLineStream(masker: SecretMasker(secrets: ["tok3n"]))
        #expect(stream.feed(Array(" 10% tok3n\r 20%".utf8)) == Array(" 10% ********\r".utf8))
        #expect(stream.finish() == Array(" 20%".utf8))
    }

    @Test("without secrets the bytes pass through unchanged")
    func passthrough() {
        let text = "a\nb\nc without newline"
        let (output, _) = streamed([Array(text.utf8)], secrets: [])
        #expect(output == text)
    }
}
