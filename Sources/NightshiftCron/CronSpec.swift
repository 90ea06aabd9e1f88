public import Foundation

/// A Jenkins cron spec, parsed exactly as Jenkins' `CronTabList.create(spec, Hash.from(seed))`:
/// lines ORed together, `#` comment and blank lines ignored, an optional `TZ=Zone` first line,
/// `H` drawn from one hash stream top to bottom and left to right.
public struct CronSpec: Sendable, Hashable {
    /// One cron line (one Jenkins `CronTab`).
    public struct Line: Sendable, Hashable {
        /// 1-based physical line in the spec text.
        public var number: Int
        /// The trimmed text.
        public var text: String
        public var fields: CronFieldSet
        public var isAlias: Bool
        /// The zone the line is matched in; nil means the scheduler's default zone.
        public var timeZone: TimeZone?
        /// The `TZ=` zone as written (Foundation may report `UTC` as `GMT`).
        public var timeZoneIdentifier: String?
    }

    public let text: String
    public let seed: String?
    /// The zone named by a `TZ=` first line.
    public let timeZone: TimeZone?
    /// That zone as the line writes it.
    public let timeZoneIdentifier: String?
    public let lines: [Line]

    /// - Parameters:
    ///   - seed: the hash seed (a Jenkins job's full name); nil makes every `H` the lowest value.
    ///   - aliasesKeepTimeZone: Jenkins drops the `TZ=` zone for `@alias` lines (a bug: the alias
    ///     action resets the zone). nightshift keeps it, which is what the user meant; pass false
    ///     to reproduce Jenkins exactly.
    public init(_ text: String, seed: String?, aliasesKeepTimeZone: Bool = true) throws(CronSyntaxError) {
        self.text = text
        self.seed = seed
        // Split on `\n` alone, then drop a `\r` that ended a line: Swift reads "\r\n" as one
        // Character, which splitting on "\n" would never find.
        let physical = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        var hash = CronHash(seed: seed)
        var zone: (TimeZone, String)?
        var lines: [Line] = []
        for (index, raw) in physical.enumerated() {
            let (trimmed, leading) = Self.javaTrim(raw)
            if index == 0 && trimmed.hasPrefix("TZ=") {
                let named = try Self.zone(named: trimmed, leading: leading)
                zone = (named, trimmed.replacingOccurrences(of: "TZ=", with: ""))
                continue
            }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                let (fields, isAlias) = try CronLineReader.read(trimmed, hash: &hash)
                let lineZone = isAlias && !aliasesKeepTimeZone ? nil : zone
                lines.append(
                    Line(
                        number: index + 1, text: trimmed, fields: fields, isAlias: isAlias,
                        timeZone: lineZone?.0, timeZoneIdentifier: lineZone?.1))
            } catch {
                throw CronSyntaxError(
                    line: index + 1, column: error.column, offsetInLine: error.column + leading,
                    lineText: trimmed, message: error.message, field: error.field,
                    termOffsetInLine: error.termColumn.map { $0 + leading })
            }
        }
        self.timeZone = zone?.0
        self.timeZoneIdentifier = zone?.1
        self.lines = lines
    }

    /// Java's `String.trim()`: strips every character up to U+0020 at both ends.
    static func javaTrim(_ line: String) -> (String, leading: Int) {
        let scalars = Array(line.unicodeScalars)
        let isBlank: (Unicode.Scalar) -> Bool = { $0.value <= 0x20 }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else {
            return ("", scalars.count)
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[first...last])
        return (String(view), first)
    }

    /// Jenkins removes every `TZ=` from the line and accepts only exact Java zone IDs, so custom
    /// offsets such as `GMT+8` are refused even though the system could read them.
    private static func zone(named line: String, leading: Int) throws(CronSyntaxError) -> TimeZone {
        let identifier = line.replacingOccurrences(of: "TZ=", with: "")
        let isCustomOffset = identifier.range(of: #"^(GMT|UTC|UT)[+-]"#, options: .regularExpression) != nil
        guard !identifier.isEmpty, !isCustomOffset, identifier.allSatisfy({ !$0.isWhitespace }),
            let zone = TimeZone(identifier: identifier)
        else {
            throw CronSyntaxError(
                line: 1, column: 3, offsetInLine: leading + 3, lineText: line,
                message: CronMessages.unknownTimeZone(identifier))
        }
        return zone
    }
}
