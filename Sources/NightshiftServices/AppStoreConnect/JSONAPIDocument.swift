/// The frame of App Store Connect's JSON:API documents, for every resource a caller reads. What a
/// resource holds is the caller's own `Decodable`, every attribute optional: a new attribute is
/// ignored and a missing one or a relationship Apple leaves out (it sends only `links` unless
/// asked to include) reads as nil, never as a failure.
public enum JSONAPI {
    /// `{"data": …, "links": {"next": …}}`: one resource, or a page of a list (`Document<[R]>`).
    public struct Document<Resource: Decodable>: Decodable {
        public var data: Resource
        public var links: Links?
    }

    public struct Links: Decodable, Sendable, Hashable {
        /// The next page of a list, an absolute URL; absent on the last.
        public var next: String?
    }

    /// A resource read for its id and attributes alone (`Resource<AppAttributes>`): the shape
    /// most of what a capability reads has, declared once. A resource whose relationships are
    /// read declares its own type.
    public struct Resource<Attributes: Decodable & Sendable>: Decodable, Sendable {
        public var id: String
        public var attributes: Attributes?

        public init(id: String, attributes: Attributes?) {
            self.id = id
            self.attributes = attributes
        }
    }

    /// `{"type": "apps", "id": "…"}`: a resource named in a relationship or a request's body.
    public struct Reference: Codable, Sendable, Hashable {
        public var type: String
        public var id: String

        public init(type: String, id: String) {
            self.type = type
            self.id = id
        }
    }

    /// A to-one relationship: `data` is nil when it is empty, or when Apple sent only its links.
    public struct ToOne: Decodable, Sendable, Hashable {
        public var data: Reference?
    }

    /// A to-many relationship: `data` is nil when Apple sent only its links.
    public struct ToMany: Decodable, Sendable, Hashable {
        public var data: [Reference]?
    }
}

// Compared and hashed by id and attributes where the attributes are, as signing's plans are.
extension JSONAPI.Resource: Equatable where Attributes: Equatable {}
extension JSONAPI.Resource: Hashable where Attributes: Hashable {}
