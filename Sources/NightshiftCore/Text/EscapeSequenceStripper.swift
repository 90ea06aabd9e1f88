import Foundation

/// Removes terminal escape sequences from a byte stream, so that a step's output shown on a
/// console without colour cannot clear the screen, move the cursor or retitle the terminal. Only
/// sequences go; every other byte (text in any encoding, tabs, carriage returns, BEL outside a
/// sequence) is kept as it came.
///
/// What counts as a sequence (ECMA-48, and xterm's ctlseqs for the strings):
/// - CSI: `ESC [` or U+009B, parameter and intermediate bytes (0x20–0x3F), a final byte (0x40–0x7E);
/// - strings: OSC (`ESC ]`, U+009D), ended by BEL or ST (`ESC \`, U+009C), and DCS, SOS, PM, APC
///   (`ESC P`/`X`/`^`/`_`, U+0090/0098/009E/009F), ended by ST;
/// - any other `ESC`, its intermediate bytes (0x20–0x2F) and a final byte (0x30–0x7E): `ESC c`
///   (reset), `ESC 7`, `ESC ( B`, `ESC # 8`;
/// - the other C1 controls, U+0080–U+009F, which are never printable text. Only in their UTF-8
///   form (C2 80–C2 9F, which can only be those characters: C2 is never a continuation byte);
///   a lone 0x80–0x9F byte is left alone, being most likely part of another UTF-8 character.
///
/// A byte that cannot continue a sequence ends it and is itself kept: an `ESC` followed by a
/// newline loses only the `ESC`. A string (an OSC title, say) also ends at a newline, where a
/// terminal would keep reading it: an unterminated one must not hide the rest of the step's
/// output from the console. CAN and SUB cancel a string, as they do on a terminal.
///
/// Sequences may be split across chunks: the state between two calls is one small enum (and a
/// C2 byte held back until the next one tells what it starts), never the bytes of a sequence,
/// so memory stays flat whatever a step prints.
public struct EscapeSequenceStripper: Sendable {
    private enum State: Sendable {
        case text
        /// C2 seen in text: a C1 control if 80–9F follows, else the start of a character.
        case textC2
        case escape
        case escapeIntermediate
        case controlSequence
        /// Inside an OSC (`bellEnds`) or another string sequence.
        case string(bellEnds: Bool)
        case stringEscape
        case stringC2(bellEnds: Bool)
    }

    private var state = State.text

    public init() {}

    private static let escape: UInt8 = 0x1B
    private static let c2: UInt8 = 0xC2

    /// The chunk without its sequences (or the parts of them it holds). A chunk with neither ESC
    /// nor C2 in it, outside a sequence, is returned as it is, without a copy.
    public mutating func strip(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress, !source.isEmpty else { return input }
            if case .text = state, Self.nextCandidate(base, from: 0, count: source.count) == source.count { return input }
            return [UInt8](unsafeUninitializedCapacity: source.count + 1) { output, written in
                written = strip(base, count: source.count, into: output.baseAddress!)
            }
        }
    }

    /// The end of a stream: a sequence left open is dropped, and so is a C2 byte held back
    /// (alone at the very end, it was not text). Ready for another stream.
    public mutating func finish() {
        state = .text
    }

    // One output byte more than the input can be written: a held-back C2 from the previous chunk.
    private mutating func strip(_ base: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        var position = 0
        // Where the next ESC is, found once and reused: text full of C2 characters ("©", "°")
        // would otherwise search the rest of the chunk for an ESC at each of them.
        var nextEscape = -1
        while position < count {
            let byte = base[position]
            switch state {
            case .text:
                // Copy the run of plain text up to the next candidate in one go.
                if nextEscape < position { nextEscape = Self.next(Self.escape, base, from: position, to: count) }
                let next = Self.next(Self.c2, base, from: position, to: nextEscape)
                (out + written).update(from: base + position, count: next - position)
                written += next - position
                position = next
                guard position < count else { return written }
                state = base[position] == Self.escape ? .escape : .textC2
            case .textC2:
                if (0x80...0x9F).contains(byte) {
                    state = Self.stateAfterC1(byte)
                } else {
                    out[written] = Self.c2
                    written += 1
                    state = .text
                    continue
                }
            case .escape:
                switch byte {
                case UInt8(ascii: "["): state = .controlSequence
                case UInt8(ascii: "]"): state = .string(bellEnds: true)
                case UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"): state = .string(bellEnds: false)
                case 0x20...0x2F: state = .escapeIntermediate
                case 0x30...0x7E: state = .text
                case Self.escape: break
                default:
                    state = .text
                    continue
                }
            case .escapeIntermediate:
                switch byte {
                case 0x20...0x2F: break
                case 0x30...0x7E: state = .text
                default:
                    state = .text
                    continue
                }
            case .controlSequence:
                switch byte {
                case 0x20...0x3F: break
                case 0x40...0x7E: state = .text
                default:
                    state = .text
                    continue
                }
            case .string(let bellEnds):
                switch byte {
                case 0x07 where bellEnds, 0x18, 0x1A: state = .text
                case UInt8(ascii: "\n"):
                    state = .text
                    continue
                case Self.escape: state = .stringEscape
                case Self.c2: state = .stringC2(bellEnds: bellEnds)
                default: break
                }
            case .stringEscape:
                // ST ends the string; any other ESC abandons it and starts a sequence of its own.
                guard byte == UInt8(ascii: "\\") else {
                    state = .escape
                    continue
                }
                state = .text
            case .stringC2(let bellEnds):
                if byte == 0x9C {
                    state = .text
                } else {
                    state = .string(bellEnds: bellEnds)
                    continue
                }
            }
            position += 1
        }
        return written
    }

    /// What a C1 control (its second UTF-8 byte) starts: a control sequence, a string, or
    /// nothing more (it is dropped alone).
    private static func stateAfterC1(_ byte: UInt8) -> State {
        switch byte {
        case 0x9B: .controlSequence
        case 0x9D: .string(bellEnds: true)
        case 0x90, 0x98, 0x9E, 0x9F: .string(bellEnds: false)
        default: .text
        }
    }

    /// The index of the first ESC or C2 at or after `position`, or `count`.
    private static func nextCandidate(_ base: UnsafePointer<UInt8>, from position: Int, count: Int) -> Int {
        next(c2, base, from: position, to: next(escape, base, from: position, to: count))
    }

    /// The index of the first `byte` in `position..<end`, or `end`: `memchr`, which the C library
    /// vectorises, so plain text costs next to nothing.
    private static func next(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from position: Int, to end: Int) -> Int {
        guard position < end, let found = memchr(base + position, Int32(byte), end - position) else { return end }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
