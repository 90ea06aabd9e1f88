import Foundation
import NightshiftCore
import NightshiftSystem
import Yams

extension LanesFileParser {
    /// `xcode:` at the top, in a configuration or in a lane: a version, `latest` or a path.
    /// `what` names the key in messages (`lane 'beta'.xcode`).
    func parseXcode(_ node: Node, _ what: String) -> XcodeRequirement? {
        guard let text = reader.string(node, what) else { return nil }
        guard let requirement = XcodeRequirement(parsing: text, location: reader.location(of: node)) else {
            bag.error("\(what): '\(text)' is not an Xcode; expected \(XcodeRequirement.expected)", at: reader.location(of: node))
            return nil
        }
        return requirement
    }
}

extension LanesFileLoader {
    /// `.xcode-version` beside the lanes file (XcodesOrg/xcodes' convention): its first line,
    /// the trailing newline ignored. Nil when there is none; an unreadable or unparsable one is
    /// an error at the file.
    static func xcodeVersionFile(besideLanesFile path: AbsolutePath, shownAs name: String, from files: any FileReading)
        throws(LanesFileError) -> XcodeRequirement?
    {
        let folder = name.contains("/") ? String(name[...name.lastIndex(of: "/")!]) : ""
        let shown = folder + ".xcode-version"
        let start = SourceLocation(file: shown, line: 1, column: 1)
        switch files.contents(of: path.parent.appending(".xcode-version")) {
        case .missing: return nil
        case .unreadable(let reason): throw LanesFileError([.error("cannot read \(shown): \(reason)", at: SourceLocation(file: shown))])
        case .bytes(let data):
            let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let text = line.trimmingCharacters(in: .whitespaces)
            guard let requirement = XcodeRequirement(parsing: text, location: start) else {
                throw LanesFileError([.error("'\(text)' in \(shown) is not an Xcode: expected \(XcodeRequirement.expected)", at: start)])
            }
            return requirement
        }
    }
}
