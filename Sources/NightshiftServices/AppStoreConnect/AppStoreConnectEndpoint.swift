public import Foundation
public import NightshiftCore
import NightshiftSchema
public import NightshiftSystem

/// The one rule for where App Store Connect's API is: a step's own `endpoint:` (expanded), else
/// the environment's `APP_STORE_CONNECT_ENDPOINT` (for commands, and steps without the key),
/// else Apple's. Uploads, build numbers and signing all ask here, so a test or a proxy points
/// every call of a run at one place.
public enum AppStoreConnectEndpoint {
    public static let variable = "APP_STORE_CONNECT_ENDPOINT"
    public static let apple = TestFlightSettings.defaultEndpoint

    /// `step`: the step's `endpoint:` as expanded, nil or empty when it has none.
    public static func resolve(step: String?, environment: EnvironmentVariables) throws(AppStoreConnectEndpointError) -> URL {
        guard let (text, origin) = written(step: step, environment: environment) else { return apple }
        do throws(UploadValueProblem) {
            return try UploadKeys.endpoint.decode(text)
        } catch {
            throw AppStoreConnectEndpointError(origin == "endpoint" ? error.message : "\(variable)='\(text)' is not a URL")
        }
    }

    /// An upload's parameters with the environment's endpoint written in when it names none, so
    /// that the dry run's lines and the settings the uploader decodes both show it.
    public static func filling(_ parameters: [String: UploadParameter], environment: EnvironmentVariables) -> [String: UploadParameter] {
        guard let (text, origin) = written(step: UploadSettings(parameters).string("endpoint"), environment: environment),
            origin == variable
        else { return parameters }
        var filled = parameters
        filled["endpoint"] = .scalar(Template(text))
        return filled
    }

    /// The text that decides, and which of the two wrote it; nil: Apple's.
    public static func written(step: String?, environment: EnvironmentVariables) -> (String, String)? {
        if let step, !step.isEmpty { return (step, "endpoint") }
        if let text = environment[variable], !text.isEmpty { return (text, variable) }
        return nil
    }
}

public struct AppStoreConnectEndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
