@testable import NightshiftCore
import Testing

/// Issue #26, item 6: a secret written with XML numeric character references, decimal or hex,
/// whole or mixed with literal characters and named escapes, is masked, in one call and across
/// a stream's reads.
@Suite("masking secrets written with character references")
struct CharacterReferenceMaskingTests {
    let masker = SecretMasker(secrets: ["Pw0rd&Secret"])

    @Test(
        "decimal, hex (either case of x and digits), leading zeros, mixed with literal and named forms",
        arguments: [
            "&#80;&#119;&#48;&#114;&#100;&#38;&#83;&#101;&#99;&#114;&#101;&#116;",
            "&#x50;&#x77;&#x30;&#x72;&#x64;&#x26;&#x53;&#x65;&#x63;&#x72;&#x65;&#x74;",
            "&#X50;w0rd&amp;S&#x65;&#X63;ret",
            "&#80;w0rd&#0038;Secret",
            "Pw0rd&amp;Secre&#116;",
        ])
    func referencesAreMasked(_ encoded: String) {
        #expect(masker.mask("<string>\(encoded)</string>") == "<string>********</string>")
    }

    @Test("text with references but no secret, and malformed references, pass unchanged")
    func otherTextUnchanged() {
        for text in ["a &#80; b &#x;&#;&#xZZ; &#99999999999; &#0; &", "&#80w0rd&Secret", "R&#38;D &amp; more"] {
            #expect(masker.mask(text) == text)
        }
    }

    @Test("a reference-encoded secret split across reads of a long line is masked")
    func acrossReads() {
        var stream = MaskingLineStream(masker: masker, maximumHeldBytes: 16)
        let encoded = "&#80;&#119;&#48;&#114;&#100;&#38;&#83;&#101;&#99;&#114;&#101;&#116;"
        let text = String(repeating: "x", count: 40) + encoded + String(repeating: "y", count: 40) + "\n"
        var output: [UInt8] = []
        for chunk in Array(text.utf8).chunks(of: 7) { output += stream.feed(chunk) }
        output += stream.finish()
        #expect(
            String(decoding: output, as: UTF8.self) == String(repeating: "x", count: 40) + "********" + String(repeating: "y", count: 40)
                + "\n")
    }
}

extension Array {
    fileprivate func chunks(of size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
