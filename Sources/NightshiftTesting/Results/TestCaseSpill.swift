import Foundation
import NightshiftSystem

/// Test cases kept as bytes in a scratch file (`TestCaseBytes`), so a run of 500,000 tests
/// holds a few bytes of index per test in memory rather than the tests. Appended in 1 MiB pieces;
/// read back through a 64 KiB window, so reading the cases in the order they came is one read
/// a window. Where no scratch file can be made or written (no temporary folder, a full disk),
/// the bytes stay in memory: slower to grow, never a test lost.
final class TestCaseSpill: Sendable {
    /// Where one case's bytes are, in 8 bytes: the offset (40 bits: up to 1 TiB) and the length
    /// (24 bits; a case of 16 MiB or more has its length in `State.long`).
    struct Place: Sendable, Hashable {
        private let packed: UInt64
        static let longLength = (1 << 24) - 1

        init(offset: Int64, length: Int) {
            packed = UInt64(offset) << 24 | UInt64(min(length, Self.longLength))
        }

        var offset: Int64 { Int64(packed >> 24) }
        /// The length, or `longLength` for one kept aside.
        var storedLength: Int { Int(packed & UInt64(Self.longLength)) }
    }

    private struct State: Sendable {
        /// Bytes from `written` on, not in the file (all of them once the file failed).
        var pending: [UInt8] = []
        var written: Int64 = 0
        var fileFailed = false
        var window: [UInt8] = []
        var windowStart: Int64 = 0
        var scratch: [UInt8] = []
        /// The lengths of the cases of 16 MiB or more, by offset.
        var long: [Int64: Int] = [:]
    }

    private static let flushSize = 1 << 20
    private static let windowSize = 1 << 16
    private let file: ScratchFile?
    private let state = LockedValue(State())

    init(directory: String = NSTemporaryDirectory()) {
        file = try? ScratchFile(in: directory)
    }

    func append(_ test: TestCaseResult) -> Place {
        state.withLock { state in
            state.scratch.removeAll(keepingCapacity: true)
            TestCaseBytes.encode(test, into: &state.scratch)
            let place = Place(offset: state.written + Int64(state.pending.count), length: state.scratch.count)
            if state.scratch.count >= Place.longLength { state.long[place.offset] = state.scratch.count }
            state.pending.append(contentsOf: state.scratch)
            if state.pending.count >= Self.flushSize, !state.fileFailed { flush(&state) }
            return place
        }
    }

    private func flush(_ state: inout State) {
        guard let file else {
            state.fileFailed = true
            return
        }
        let offset = state.written
        // A closure without typed throws: Swift 6.3's IRGen crashes on a typed-throws one here.
        let written = state.pending.withUnsafeBytes { bytes in (try? file.write(bytes, at: offset)) != nil }
        guard written else {
            state.fileFailed = true
            return
        }
        state.written += Int64(state.pending.count)
        state.pending.removeAll(keepingCapacity: true)
    }

    /// The case at `place`; nil when its bytes cannot be read back (the scratch file failed under it).
    func read(_ place: Place) -> TestCaseResult? {
        state.withLock { state in
            let length = place.storedLength == Place.longLength ? state.long[place.offset] ?? 0 : place.storedLength
            if place.offset >= state.written {
                let start = Int(place.offset - state.written)
                guard start + length <= state.pending.count else { return nil }
                return state.pending.withUnsafeBytes {
                    TestCaseBytes.decode(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)]))
                }
            }
            let inWindow =
                place.offset >= state.windowStart && place.offset + Int64(length) <= state.windowStart + Int64(state.window.count)
            if !inWindow {
                guard let file, place.offset + Int64(length) <= state.written else { return nil }
                let size = Int(min(Int64(max(Self.windowSize, length)), state.written - place.offset))
                state.window = [UInt8](repeating: 0, count: size)
                let read = state.window.withUnsafeMutableBytes { buffer in try? file.read(into: buffer, at: place.offset) }
                guard let read, read >= length else {
                    state.window = []
                    return nil
                }
                state.window.removeLast(size - read)
                state.windowStart = place.offset
            }
            let start = Int(place.offset - state.windowStart)
            return state.window.withUnsafeBytes { TestCaseBytes.decode(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
        }
    }
}
