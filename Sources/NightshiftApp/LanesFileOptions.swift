/// The options of every command that reads lanes.yml, as parsed.
public struct LanesFileOptions: Sendable, Hashable {
    /// The lanes file, as given (relative to the current directory unless absolute).
    public var file: String
    /// `--env a,b`: the `.env.<name>` files to load beside the lanes file.
    public var env: String?
    public var noColor: Bool

    public init(file: String = "lanes.yml", env: String? = nil, noColor: Bool = false) {
        self.file = file
        self.env = env
        self.noColor = noColor
    }
}
