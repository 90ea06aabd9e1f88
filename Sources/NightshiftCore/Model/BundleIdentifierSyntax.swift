/// Apple's rule for a CFBundleIdentifier: ASCII letters, digits, `-` and `.`, not empty.
public enum BundleIdentifierSyntax {
    public static func isValid(_ identifier: String) -> Bool {
        !identifier.isEmpty
            && identifier.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
                    || byte == 0x2E
            }
    }
}
