import Foundation
import NightshiftSystem
import Testing

@Suite("TerminalOutputSink")
struct TerminalOutputSinkTests {
    /// Reads everything written to a pipe's write end once `body` returns.
    private func captured(_ body: (TerminalOutputSink) -> Void) -> (String, String) {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        _ = pipe(&outPipe)
        _ = pipe(&errPipe)
        body(TerminalOutputSink(standardOutput: outPipe[1], standardError: errPipe[1]))
        close(outPipe[1])
        close(errPipe[1])
        let out = FileHandle(fileDescriptor: outPipe[0], closeOnDealloc: true).readDataToEndOfFile()
        let err = FileHandle(fileDescriptor: errPipe[0], closeOnDealloc: true).readDataToEndOfFile()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test("text and bytes go to the descriptor of their channel, immediately and in order")
    func channels() {
        let (out, err) = captured { sink in
            sink.out("▶ build\n")
            sink.err("warning: x\n")
            sink.write(bytes: Array("  output line\n".utf8), to: .standardOutput)
        }
        #expect(out == "▶ build\n  output line\n")
        #expect(err == "warning: x\n")
    }

    @Test("a pipe is not an interactive terminal; the caller can force the mode")
    func interactivity() {
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        defer { close(fds[0]); close(fds[1]) }
        #expect(!TerminalOutputSink(standardOutput: fds[1], standardError: fds[1]).isInteractive)
        #expect(TerminalOutputSink(standardOutput: fds[1], standardError: fds[1], isInteractive: true).isInteractive)
    }

    // 400 lines of ~125 bytes stay below the 64 KiB pipe buffer, so writers never wait on the reader.
    @Test("concurrent writers never split each other's lines")
    func concurrentLines() async {
        let (out, _) = captured { sink in
            DispatchQueue.concurrentPerform(iterations: 8) { writer in
                for line in 0..<50 { sink.out("writer \(writer) line \(line) " + String(repeating: "x", count: 100) + "\n") }
            }
        }
        let lines = out.split(separator: "\n")
        #expect(lines.count == 400)
        #expect(lines.allSatisfy { $0.hasPrefix("writer ") && $0.hasSuffix(String(repeating: "x", count: 100)) })
    }
}
