import Foundation
@testable import NightshiftDelivery
import Testing
@testable import NightshiftServices

@Suite("HTTP error bodies")
struct HTTPErrorBodyTests {
    @Test(
        "the API's own words: Google's status, Google's OAuth error, App Store Connect's JSON:API errors; nothing for other bodies",
        arguments: [
            (
                #"{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND"}}"#,
                "NOT_FOUND: Requested entity was not found."
            ),
            (#"{"error":{"message":"The caller does not have permission"}}"#, "The caller does not have permission"),
            (#"{"error":"invalid_grant","error_description":"Invalid JWT Signature."}"#, "invalid_grant: Invalid JWT Signature."),
            (
                #"{"errors":[{"status":"409","code":"ENTITY_ERROR.ATTRIBUTE.INVALID","title":"An attribute value is invalid.","detail":"The version is closed."},{"code":"STATE_ERROR","title":"Busy","detail":"Busy"}]}"#,
                "ENTITY_ERROR.ATTRIBUTE.INVALID: The version is closed.; STATE_ERROR: Busy"
            ),
            (#"{"errors":[{"title":"Forbidden"}]}"#, "Forbidden"), (#"{"message":"no"}"#, nil), ("<html>Bad Gateway</html>", nil),
            (#"{"error":{"code":500}}"#, nil),
        ] as [(String, String?)])
    func explanation(body: String, expected: String?) {
        #expect(HTTPErrorBody.explanation(Data(body.utf8)) == expected)
    }
}
