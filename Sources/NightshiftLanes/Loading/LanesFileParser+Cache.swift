import NightshiftCore
import Yams

extension LanesFileParser {
    static let cacheKeys = LanesKeys.cache.names

    /// `cache: { compilation: true, packages: true, limit: 20GB }` at the top, in a configuration
    /// or in a lane. `what` names the key in messages (`lane 'beta'.cache`).
    func parseCache(_ node: Node, _ what: String) -> BuildCacheSettings? {
        guard let pairs = reader.mapping(node, in: what, known: Self.cacheKeys) else { return nil }
        var settings = BuildCacheSettings(location: reader.location(of: node))
        for (key, _, value) in pairs {
            switch key {
            case "compilation": settings.compilation = reader.bool(value, "\(what).compilation") ?? false
            case "packages": settings.packages = reader.bool(value, "\(what).packages") ?? false
            case "limit": settings.limit = parseCacheLimit(value, "\(what).limit")
            default: break
            }
        }
        if settings.limit != nil, !settings.compilation, let limit = pairs.first(where: { $0.key == "limit" }) {
            bag.error(
                "\(what).limit bounds the compilation cache, which \(what) does not keep: add 'compilation: true' or remove 'limit:'",
                at: reader.location(of: limit.keyNode))
        }
        return settings
    }

    /// A size as people write it, refused when Xcode could not be given it or it makes no sense.
    private func parseCacheLimit(_ node: Node, _ what: String) -> ByteSize? {
        guard let text = reader.string(node, what) else { return nil }
        guard let size = ByteSize(parsing: text) else {
            bag.error("\(what): '\(text)' is not a size; expected \(ByteSize.expected)", at: reader.location(of: node))
            return nil
        }
        guard size >= ByteSize.smallestLimit else {
            let meaning = size.bytes == 0 ? " (0 would be Xcode's 'no limit': leave 'limit:' out for its default)" : ""
            bag.error(
                "\(what): '\(text)' is below \(ByteSize.smallestLimit), too small to hold a compiled module\(meaning)",
                at: reader.location(of: node))
            return nil
        }
        return size
    }
}
