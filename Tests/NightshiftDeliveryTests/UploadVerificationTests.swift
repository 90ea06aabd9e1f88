@testable import NightshiftDelivery
import Testing

@Suite("UploadVerification")
struct UploadVerificationTests {
    let digest = FileDigest(size: 1234, sha256: "ab12")

    @Test("'verified:' only for what the destination confirmed; otherwise 'sent:'")
    func lines() {
        #expect(UploadVerification.sent(digest).description == "sent: size 1234 bytes, sha256 ab12 (not confirmed by the destination)")
        #expect(UploadVerification.verified(digest).description == "verified: size 1234 bytes, sha256 ab12")
        #expect(
            UploadVerification(digest: digest, sizeConfirmed: true, sha256Confirmed: false).description
                == "verified: size 1234 bytes (sha256 ab12 sent, not confirmed by the destination)")
        #expect(
            UploadVerification(digest: digest, sizeConfirmed: false, sha256Confirmed: true).description
                == "verified: sha256 ab12 (size 1234 bytes sent, not confirmed by the destination)")
    }
}
