import Foundation
@testable import NightshiftSystem
import Testing

#if os(Linux)
@Suite("ChildProcessList")
struct ChildProcessListTests {
    @Test("the parent is read after the name's last parenthesis, whatever the name holds")
    func parentInStat() {
        #expect(ChildProcessList.parentInStat("4242 (sleep) S 17 4242 4242 0 -1") == 17)
        #expect(ChildProcessList.parentInStat("4242 (a) b (c) ) R 99 1 1") == 99)
        #expect(ChildProcessList.parentInStat("garbage") == nil)
    }

    @Test("a process of ours shows among our children until it is reaped")
    func listsOwnChild() throws {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("5"), nil]
        defer { argv.forEach { free($0) } }
        try #require(posix_spawn(&pid, "/bin/sleep", nil, nil, argv, nil) == 0)
        #expect(ChildProcessList.current().contains(pid))
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        #expect(!ChildProcessList.current().contains(pid))
    }
}
#endif
