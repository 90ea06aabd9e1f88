/// Why a match repository, or one of its files, cannot be imported. Never quotes a file's
/// content nor the password.
public enum MatchImportError: Error, Sendable, Hashable, CustomStringConvertible {
    case notEncrypted
    case truncated
    case wrongPassword
    case noPassword
    case notARepository(String)
    case unsafeName(String)
    case symbolicLink(String)
    case missingCertificate(key: String)
    case exists(String)
    case nothingToImport(String)
    case tooLarge(String)
    case unreadable(String)
    case pkcs12(String)

    public var description: String {
        switch self {
        case .notEncrypted: "not a file match encrypted (neither 'Salted__' nor 'match_encrypted_v2__' in base64)"
        case .truncated: "truncated: too short for what its header says"
        case .wrongPassword: "cannot be decrypted with MATCH_PASSWORD: the password is wrong (or the file was changed)"
        case .noPassword: "MATCH_PASSWORD is not set: it is the password the match repository was encrypted with"
        case .notARepository(let path): "'\(path)' holds no 'certs' or 'profiles' folder: not a match repository"
        case .unsafeName(let name):
            "'\(name)' is not a name nightshift writes (letters, digits, '.', '_' and '-' only, not starting with '.')"
        case .symbolicLink(let path): "'\(path)' is a symbolic link; a match repository holds files"
        case .missingCertificate(let key): "'\(key)' is a private key without its certificate (.cer) beside it"
        case .exists(let path): "'\(path)' exists already; nothing was written (choose an empty --output folder)"
        case .nothingToImport(let path): "'\(path)' holds no .p12, .cer or .mobileprovision under certs/ or profiles/"
        case .tooLarge(let path): "'\(path)' is larger than any signing file (over 10 MB)"
        case .unreadable(let path): "cannot read '\(path)'"
        case .pkcs12(let detail): "openssl could not make the PKCS#12: \(detail)"
        }
    }
}
