import Foundation
@testable import NightshiftCore
import Testing

@Suite("SecretMasker")
struct SecretMaskerTests {
    let secret = "s3cr3t-T0ken/+=ü"

    @Test("the plain secret is replaced wherever it occurs")
    func plain() {
        let masker = SecretMasker(secrets: ["hunter2"])
        #expect(masker.mask("pw=hunter2 and again hunter2.") == "pw=******** and again ********.")
    }

    @Test("text without secrets passes through unchanged")
    func noFalsePositives() {
        let masker = SecretMasker(secrets: ["hunter2", "ghp_abcdef123456"])
        let log = "Compiling hunter1.swift\nLinking hunt er2\nghp_abcdef12345 almost\n"
        #expect(masker.mask(log) == log)
    }

    @Test("the empty masker returns its input")
    func none() {
        #expect(SecretMasker.none.mask("anything hunter2") == "anything hunter2")
        #expect(SecretMasker.none.secrets.isEmpty)
    }

    @Test("secrets are kept unique, longest first, empty ones dropped")
    func secretsList() {
        let masker = SecretMasker(secrets: ["abc", "", "abcdef", "abc"])
        #expect(masker.secrets == ["abcdef", "abc"])
    }

    @Test("standard and URL-safe base64 of the secret are masked")
    func base64Whole() {
        let masker = SecretMasker(secrets: [secret])
        let standard = Data(secret.utf8).base64EncodedString()
        let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        #expect(!masker.mask("Authorization: Basic \(standard)").contains(standard.prefix(8)))
        #expect(!masker.mask("token=\(urlSafe)").contains(urlSafe.prefix(8)))
    }

    @Test("a secret inside a longer base64 stream is masked at every alignment")
    func base64Alignments() {
        let masker = SecretMasker(secrets: [secret])
        for prefix in ["", "u", "us", "use", "user:", "user:x"] {
            let encoded = Data((prefix + secret + ":tail").utf8).base64EncodedString()
            let masked = masker.mask("Basic \(encoded)")
            #expect(masked.contains(Secret.mask), "prefix \(prefix.count)")
            let core = SecretEncodings.base64Forms(of: Array(secret.utf8))
            for form in core where form.count >= SecretEncodings.minimumEncodedLength {
                #expect(!masked.contains(String(decoding: form, as: UTF8.self)))
            }
        }
    }

    @Test("percent-encoded forms of the secret are masked, in either hex case and as a form")
    func percentEncoded() {
        let masker = SecretMasker(secrets: ["p@ss word/1"])
        #expect(masker.mask("GET /?pw=p%40ss%20word%2F1&x=1") == "GET /?pw=********&x=1")
        #expect(masker.mask("pw=p%40ss%20word%2f1") == "pw=********")
        #expect(masker.mask("pw=p%40ss+word%2F1") == "pw=********")
    }

    @Test("the percent-encoding that keeps only letters and digits (Foundation's .alphanumerics) is masked too")
    func percentEncodedAlphanumericsOnly() {
        let secret = "nt-tok_en.4711~x"
        let masker = SecretMasker(secrets: [secret])
        let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(encoded == "nt%2Dtok%5Fen%2E4711%7Ex")
        #expect(masker.mask("?t=\(encoded)&y") == "?t=********&y")
        #expect(masker.mask("?t=nt%2dtok%5fen%2e4711%7ex") == "?t=********")
    }

    @Test("the JSON-escaped form of the secret is masked")
    func jsonEscaped() {
        let masker = SecretMasker(secrets: ["a\"b\\c/d\ne"])
        #expect(masker.mask(#"{"password":"a\"b\\c/d\ne"}"#) == #"{"password":"********"}"#)
        #expect(masker.mask(#"{"password":"a\"b\\c\/d\ne"}"#) == #"{"password":"********"}"#)
    }

    @Test("each line of a multi-line secret is masked on its own")
    func multiLine() {
        let masker = SecretMasker(secrets: ["-----BEGIN KEY-----\nMIIBOgIBAAJBAK\n-----END KEY-----"])
        #expect(masker.mask("line: MIIBOgIBAAJBAK\n") == "line: ********\n")
    }

    @Test("overlapping secrets are masked as one range")
    func overlapping() {
        let masker = SecretMasker(secrets: ["abcdef", "defghi"])
        #expect(masker.mask("xx abcdefghi yy") == "xx ******** yy")
        let nested = SecretMasker(secrets: ["token", "my-token-value"])
        #expect(nested.mask("[my-token-value] [token]") == "[********] [********]")
    }

    @Test("a secret at the very start and very end of the text is masked")
    func edges() {
        let masker = SecretMasker(secrets: ["edge"])
        #expect(masker.mask("edge") == "********")
        #expect(masker.mask("edge middle edge") == "******** middle ********")
        let single = SecretMasker(secrets: ["x"])
        #expect(single.mask("axbx") == "a********b********")
    }

    @Test("bytes that are not UTF-8 survive masking")
    func binary() {
        let masker = SecretMasker(secrets: ["key"])
        let bytes: [UInt8] = [0xFF, 0x00] + Array("key".utf8) + [0xC3]
        #expect(masker.mask(bytes) == [0xFF, 0x00] + Array(Secret.mask.utf8) + [0xC3])
    }

    @Test("a secret with surrounding blanks is also masked when printed trimmed")
    func trimmed() {
        let masker = SecretMasker(secrets: ["  s3cret  ", "-----BEGIN KEY-----\nMIIBOgIBAAJBAK\n-----END KEY-----\n"])
        #expect(masker.mask("pw='  s3cret  ' then pw=s3cret.") == "pw='********' then pw=********.")
        #expect(masker.mask("key=-----BEGIN KEY-----\\nMIIBOgIBAAJBAK\\n-----END KEY-----;") == "key=********;")
    }

    @Test("a blank secret masks nothing")
    func blank() {
        let masker = SecretMasker(secrets: ["   ", "\t \n"])
        let log = "Step    name\twith      spaces \t \n"
        #expect(masker.mask(log) == log)
    }

    @Test("the XML-escaped forms of the secret are masked, as plist writers and full escaping write them")
    func xmlEscaped() {
        let masker = SecretMasker(secrets: ["p<w>&\"q'"])
        #expect(masker.mask("<string>p&lt;w&gt;&amp;\"q'</string>") == "<string>********</string>")
        #expect(masker.mask("<key a=\"p&lt;w&gt;&amp;&quot;q&apos;\"/>") == "<key a=\"********\"/>")
    }
}
