import Foundation
import NightshiftCore
import NightshiftSchema

extension AppStoreConnectClient {
    /// One call: sent with a token; after a 401 once more with a new one, since Apple answers 401
    /// to an expired token as to a wrong key. Anything but a success or an `allowed` status is
    /// Apple's refusal.
    func call(_ method: String, _ url: URL, body: Data? = nil, allowing allowed: Set<Int> = []) async throws
        -> HTTPTransportResponse
    {
        var response = try await attempt(method, url, body: body)
        if response.status == 401 {
            await tokens.discard()
            response = try await attempt(method, url, body: body)
        }
        guard response.isSuccess || allowed.contains(response.status) else { throw refusal(response, method, url) }
        return response
    }

    func decode<Document: Decodable>(_ type: Document.Type, _ response: HTTPTransportResponse, _ method: String, _ url: URL)
        throws(AppStoreConnectError) -> Document
    {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            // The answer may echo a token.
            throw AppStoreConnectError(
                .unexpectedAnswer, secrets.mask("unexpected answer to \(method) \(url.printable): \(Self.excerpt(response.bodyText))"),
                status: response.status)
        }
    }

    private func attempt(_ method: String, _ url: URL, body: Data?) async throws -> HTTPTransportResponse {
        let token: String
        do {
            token = try await tokens.token()
        } catch {
            throw AppStoreConnectError(.unusableKey, secrets.mask("cannot sign an App Store Connect token: \(error)"))
        }
        var headers = ["Authorization": "Bearer \(token)", "Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = HTTPTransportRequest(method: method, url: url, headers: headers, body: body.map(HTTPTransportBody.data) ?? .none)
        do {
            return try await http.send(request, log: log)
        } catch let error as HTTPTransportError {
            // The transport's error may quote the request.
            let attempts = http.policy.attempts > 1 ? " (after \(http.policy.attempts) attempts)" : ""
            throw AppStoreConnectError(.unreachable, secrets.mask("\(method) \(request.printableURL)\(attempts): \(error)"))
        }
    }

    /// `App Store Connect refused POST https://…/v1/certificates (HTTP 409, ENTITY_ERROR): <what Apple said>`.
    private func refusal(_ response: HTTPTransportResponse, _ method: String, _ url: URL) -> AppStoreConnectError {
        let errors = AppleError.errors(in: response.body).map { $0.masked(by: secrets) }
        let said = (errors + errors.flatMap(\.associatedErrors)).map(\.summary).filter { !$0.isEmpty }
        let detail = said.isEmpty ? Self.excerpt(response.bodyText) : said.joined(separator: "; ")
        let code = errors.first?.code.map { ", \($0)" } ?? ""
        var message = "App Store Connect refused \(method) \(url.printable) (HTTP \(response.status)\(code))"
        if !detail.isEmpty { message += ": \(detail)" }
        return AppStoreConnectError(.refused, secrets.mask(message), status: response.status, errors: errors)
    }

    /// A body quoted in one line, cut at 300 characters.
    private static func excerpt(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.joined(separator: " ")
        return flat.count > 300 ? String(flat.prefix(300)) + "…" : flat
    }
}
