public import Foundation

/// What App Store Connect holds for the plan once `apply` has run: each key's certificate and
/// each profile, as `signing: sync` writes them into the run's folder.
public struct SigningOutcome: Sendable, Hashable {
    public var certificates: [Certificate] = []
    public var profiles: [Profile] = []

    public struct Certificate: Sendable, Hashable {
        /// The `codesigning.private_keys` entry it was made from.
        public var keyName: String
        public var certificateType: String
        public var der: Data
    }

    public struct Profile: Sendable, Hashable {
        public var configuration: String
        public var name: String
        public var bundleID: String
        /// The .mobileprovision as Apple signed it.
        public var content: Data
    }
}
