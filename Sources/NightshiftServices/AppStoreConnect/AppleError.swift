public import Foundation
import NightshiftCore

/// One entry of the error document App Store Connect answers a refused request with
/// (`ErrorResponse.Errors` in Apple's OpenAPI document): every field optional, so an answer with
/// fewer or newer fields still reads. A validation error may carry further ones in
/// `meta.associatedErrors`, keyed by the path of the resource they belong to.
public struct AppleError: Sendable, Hashable, Decodable {
    public struct Source: Sendable, Hashable, Decodable {
        /// JSON pointer into the request's body (`/data/attributes/name`).
        public var pointer: String?
        /// The query parameter at fault (`filter[bundleId]`).
        public var parameter: String?
    }

    public var id: String?
    public var status: String?
    public var code: String?
    public var title: String?
    public var detail: String?
    public var source: Source?
    /// `meta.associatedErrors`, flattened in the order Apple lists their paths.
    public var associatedErrors: [AppleError]

    public init(status: String? = nil, code: String? = nil, title: String? = nil, detail: String? = nil, source: Source? = nil) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.source = source
        self.associatedErrors = []
    }

    private enum CodingKeys: String, CodingKey { case id, status, code, title, detail, source, meta }

    private struct Meta: Decodable {
        var associatedErrors: [String: [AppleError]]?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(String.self, forKey: .id)
        status = try? container.decodeIfPresent(String.self, forKey: .status)
        code = try? container.decodeIfPresent(String.self, forKey: .code)
        title = try? container.decodeIfPresent(String.self, forKey: .title)
        detail = try? container.decodeIfPresent(String.self, forKey: .detail)
        source = try? container.decodeIfPresent(Source.self, forKey: .source)
        let meta = try? container.decodeIfPresent(Meta.self, forKey: .meta)
        associatedErrors = (meta?.associatedErrors ?? [:]).sorted { $0.key < $1.key }.flatMap(\.value)
    }

    /// The errors of an answer's body; empty when it is no error document.
    public static func errors(in body: Data) -> [AppleError] {
        struct Document: Decodable { var errors: [AppleError] }
        return (try? JSONDecoder().decode(Document.self, from: body))?.errors ?? []
    }

    /// `CODE: title: detail (at /data/attributes/name)`, the parts Apple gave.
    public var summary: String {
        var words = [code, title, detail].compactMap { $0 }.filter { !$0.isEmpty }
        if words.count == 3, let title, let detail, detail.hasPrefix(title) { words.remove(at: 1) }
        var text = words.joined(separator: ": ")
        if let place = source?.pointer ?? source?.parameter, !place.isEmpty { text += " (at \(place))" }
        return text
    }

    /// The same error with every text masked, associated errors included.
    func masked(by secrets: RunSecrets) -> AppleError {
        var copy = self
        copy.id = id.map { secrets.mask($0) }
        copy.status = status.map { secrets.mask($0) }
        copy.code = code.map { secrets.mask($0) }
        copy.title = title.map { secrets.mask($0) }
        copy.detail = detail.map { secrets.mask($0) }
        copy.source = source.map { Source(pointer: $0.pointer.map { secrets.mask($0) }, parameter: $0.parameter.map { secrets.mask($0) }) }
        copy.associatedErrors = associatedErrors.map { $0.masked(by: secrets) }
        return copy
    }
}
