/// Names in Xcode's build-setting language, spelled as Xcode's build system evaluates them
/// (swiftlang/swift-build, `SWBMacro` and `SWBUtil`'s string mangling).
public enum BuildSettingMacro {
    /// `$(VALUE:c99extidentifier)` for an ASCII value (a bundle id): every character that is
    /// not a letter, a digit or `_` becomes `_`, and so does a leading digit. Two bundle ids can
    /// give the same name (`a.b-c` and `a.b.c`); `BundleSigningPlan` refuses such a pair.
    public static func c99ExtendedIdentifier(_ value: String) -> String {
        var bytes = value.utf8.map { byte -> UInt8 in
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            let isDigit = byte >= 0x30 && byte <= 0x39
            return isLetter || isDigit || byte == 0x5F ? byte : 0x5F
        }
        if let first = bytes.first, first >= 0x30, first <= 0x39 { bytes[0] = 0x5F }
        return String(decoding: bytes, as: UTF8.self)
    }
}
