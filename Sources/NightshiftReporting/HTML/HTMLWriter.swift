import NightshiftCore
import NightshiftEngine

/// The document as it is written: markup the report spells itself (tags, the classes of its
/// stylesheet) goes in as it is; every text that came from a run goes through `text(_:)`, masked
/// with the run's secrets and then escaped, so a secret is caught before escaping could hide it
/// (the whole document is masked again as it is written, `HTMLReport.render`).
final class HTMLWriter {
    private(set) var html = ""
    private let masker: SecretMasker

    init(masker: SecretMasker) {
        self.masker = masker
    }

    /// Markup of the report's own: never a value from the run.
    func markup(_ text: StaticString) { html += text.description }

    /// A run's value, masked and escaped.
    func text(_ text: String) { html += HTMLText.escaped(masker.mask(text)) }

    /// `text` masked: before anything cuts it, so that no cut leaves half a secret unmasked.
    func masked(_ text: String) -> String { masker.mask(text) }

    /// The start of `text`, masked first, at most `limit` characters (`HTMLText.clipped`).
    func clipped(_ text: String, limit: Int) -> String { HTMLText.clipped(masker.mask(text), limit: limit) }

    /// `<tag class="…">text</tag>`; `classes` are the stylesheet's own names.
    func element(_ tag: Tag, classes: [StyleClass] = [], _ content: String) {
        open(tag, classes: classes)
        text(content)
        close(tag)
    }

    func open(_ tag: Tag, classes: [StyleClass] = []) {
        html += "<" + tag.rawValue
        let names = classes.filter { $0 != .open }.map(\.name)
        if !names.isEmpty { html += " class=\"" + names.joined(separator: " ") + "\"" }
        html += tag == .details && classes.contains(.open) ? " open>" : ">"
    }

    func close(_ tag: Tag) { html += "</" + tag.rawValue + ">" }

    /// A link to a file beside the report, by a relative path (percent-encoded: it cannot leave
    /// the attribute, nor name a scheme).
    func link(to relativePath: String, _ content: String) {
        html += "<a href=\"" + HTMLText.href(masker.mask(relativePath)) + "\">"
        text(content)
        html += "</a>"
    }

    func newline() { html += "\n" }

    /// The elements the report writes.
    enum Tag: String {
        case section, header, main, h1, h2, h3, h4, p, pre, code, span, div, ol, ul, li, dl, dt, dd
        case table, thead, tbody, tr, th, td, details, summary, strong
    }
}

/// A class of `report.css`: made by the report from its own names and numbers, never from a
/// run's text. `open` is not a class: it opens a `<details>`.
struct StyleClass: Hashable {
    let name: String

    init(_ name: StaticString) { self.name = name.description }

    private init(dynamic name: String) { self.name = name }

    static let open = StyleClass("open")

    /// `s-failed`, `s-passed`…: a status's colour.
    static func status(_ status: StepStatus) -> StyleClass { StyleClass(dynamic: "s-" + slug(status.rawValue)) }
    static func status(_ status: LaneStatus) -> StyleClass { StyleClass(dynamic: "s-" + slug(status.rawValue)) }
    static func status(_ outcome: TestOutcome) -> StyleClass { StyleClass(dynamic: "s-" + slug(outcome.rawValue)) }

    /// A timeline bar's left edge and width, in whole percent of the lane's duration: a fixed set
    /// of classes, since Jenkins' Content-Security-Policy allows no inline style.
    static func offset(_ percent: Int) -> StyleClass { StyleClass(dynamic: "at-\(min(max(percent, 0), 100))") }
    static func width(_ percent: Int) -> StyleClass { StyleClass(dynamic: "w-\(min(max(percent, 0), 100))") }

    /// `failed (ignored)` → `failed-ignored`.
    private static func slug(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter }.joined(separator: "-")
    }
}
