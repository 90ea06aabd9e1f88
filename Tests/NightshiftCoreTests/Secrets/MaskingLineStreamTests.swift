import Foundation
@testable import NightshiftCore
import Testing

@Suite("MaskingLineStream")
struct MaskingLineStreamTests {
    private func streamed(_ chunks: [[UInt8]], secrets: [String], held: Int = 64 * 1024) -> (String, [Int]) {
        streamed(chunks, masker: SecretMasker(secrets: secrets), held: held)
    }

    private func streamed(_ chunks: [[UInt8]], masker: SecretMasker, held: Int) -> (String, [Int]) {
        var stream = MaskingLineStream(masker: masker, maximumHeldBytes: held)
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

    /// Two secrets sharing bytes ("OPQR") on a line longer than the stream holds, without a
    /// newline: when the first straddles the flush point, the second's head must not be flushed
    /// with it, or its tail arrives alone and is shown.
    static let overlapping = SecretMasker(secrets: ["KLMNOPQR", "OPQRSTUV"])
    static let filler = String(repeating: ".", count: 24)
    static let overlappingLine = filler + "KLMNOPQRSTUV" + filler

    private func expectNoSecretByte(_ output: String, _ comment: Comment) {
        #expect(output == Self.filler + Secret.mask + Self.filler, comment)
        #expect(!output.contains { ("K"..."V").contains($0) }, comment)
    }

    @Test("overlapping secrets on an over-long line are masked at every chunk boundary")
    func overlappingSecretsAtEveryBoundary() {
        let bytes = Array(Self.overlappingLine.utf8)
        for held in [16, 20, 24] {
            for cut in 0...bytes.count {
                let (output, heldCounts) = streamed([Array(bytes[..<cut]), Array(bytes[cut...])], masker: Self.overlapping, held: held)
                expectNoSecretByte(output, "held \(held), cut at \(cut)")
                #expect(heldCounts.allSatisfy { $0 <= held + bytes.count })
            }
            expectNoSecretByte(streamed(bytes.map { [$0] }, masker: Self.overlapping, held: held).0, "held \(held), byte by byte")
        }
        for second in 1..<bytes.count {
            for first in 0..<second {
                let chunks = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                expectNoSecretByte(streamed(chunks, masker: Self.overlapping, held: 16).0, "cuts \(first), \(second)")
            }
        }
    }

    @Test("overlapping secrets past 64 KiB without a newline are masked at every boundary near the flush")
    func overlappingSecretsPast64KiB() {
        let padding = 64 * 1024 - 6
        let bytes = Array((String(repeating: ".", count: padding) + Self.overlappingLine).utf8)
        for cut in padding...bytes.count {
            let (output, _) = streamed([Array(bytes[..<cut]), Array(bytes[cut...])], masker: Self.overlapping, held: 64 * 1024)
            let leaked = output.contains { ("K"..."V").contains($0) }
            let maskedOnce = output.hasSuffix(Self.filler + Secret.mask + Self.filler)
            #expect(!leaked && maskedOnce, "cut at \(cut)")
        }
    }
}
