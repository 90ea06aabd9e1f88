import Foundation
import NightshiftServices

/// The provisioning calls signing makes, as Apple's API names them. Reading (`GET`) is all a
/// plan does; `createCertificate`, `createProfile` and `deleteProfile` are all `apply` may do.
/// There is no call that revokes a certificate (`DELETE /v1/certificates/{id}`), on purpose.
/// App Store Connect's failures leave as `SigningPortalError`s, with advice.
struct SigningPortal: Sendable {
    let client: AppStoreConnectClient

    /// The registered bundle id exactly `identifier`, or nil. Apple's filter also returns
    /// identifiers that start with it (`com.example.app.widget` for `com.example.app`).
    func bundleID(_ identifier: String) async throws -> PortalResources.BundleID? {
        let found = try await portal {
            try await client.list(PortalResources.BundleID.self, "v1/bundleIds", query: [("filter[identifier]", identifier)])
        }
        return found.first { $0.attributes?.identifier == identifier }
    }

    func certificates(ofTypes types: [String]) async throws -> [PortalResources.Certificate] {
        try await portal {
            try await client.list(
                PortalResources.Certificate.self, "v1/certificates", query: [("filter[certificateType]", types.joined(separator: ","))])
        }
    }

    /// Profiles of this name: Apple keeps names unique per team, but a zombie may share one.
    func profiles(named name: String) async throws -> [PortalResources.Profile] {
        try await portal { try await client.list(PortalResources.Profile.self, "v1/profiles", query: [("filter[name]", name)]) }
    }

    /// The profile as a read returns it; nil for a zombie (listed, but a read 404s).
    func profile(_ id: String) async throws -> PortalResources.Profile? {
        try await portal { try await client.getIfPresent(PortalResources.Profile.self, "v1/profiles/\(id)") }
    }

    func profileBundleID(_ id: String) async throws -> String? {
        try await portal { try await client.getIfPresent(JSONAPI.Reference.self, "v1/profiles/\(id)/relationships/bundleId")?.id }
    }

    func profileCertificates(_ id: String) async throws -> Set<String> {
        try await portal { Set(try await client.list(JSONAPI.Reference.self, "v1/profiles/\(id)/relationships/certificates").map(\.id)) }
    }

    func profileDevices(_ id: String) async throws -> Set<String> {
        try await portal { Set(try await client.list(JSONAPI.Reference.self, "v1/profiles/\(id)/relationships/devices").map(\.id)) }
    }

    /// The enabled devices of `platform` (`IOS`, `MAC_OS`).
    func enabledDevices(platform: String) async throws -> [PortalResources.Device] {
        try await portal {
            try await client.list(
                PortalResources.Device.self, "v1/devices", query: [("filter[platform]", platform), ("filter[status]", "ENABLED")])
        }
    }

    func createCertificate(type: String, csr: String) async throws -> PortalResources.Certificate {
        try await portal {
            try await client.create(
                PortalResources.Certificate.self, "v1/certificates",
                json: ["data": ["type": "certificates", "attributes": ["certificateType": type, "csrContent": csr]]])
        }
    }

    func createProfile(name: String, type: String, bundleID: String, certificates: [String], devices: [String]) async throws
        -> PortalResources.Profile
    {
        var relationships: [String: Any] = [
            "bundleId": ["data": ["type": "bundleIds", "id": bundleID]],
            "certificates": ["data": certificates.map { ["type": "certificates", "id": $0] }],
        ]
        if !devices.isEmpty { relationships["devices"] = ["data": devices.map { ["type": "devices", "id": $0] }] }
        let body: [String: Any] = [
            "data": ["type": "profiles", "attributes": ["name": name, "profileType": type], "relationships": relationships]
        ]
        return try await portal { try await client.create(PortalResources.Profile.self, "v1/profiles", json: body) }
    }

    /// False when it was already gone.
    @discardableResult
    func deleteProfile(_ id: String) async throws -> Bool {
        try await portal { try await client.delete("v1/profiles/\(id)") }
    }

    private func portal<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let error as AppStoreConnectError {
            throw SigningPortalError(error)
        }
    }
}
