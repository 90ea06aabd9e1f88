public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem
/// The real `KeychainImporter`: drives `security`, looked up on `PATH` unless given a path.
/// Passwords travel on the stdin of `security -i`, never on argv; the step output shows those
/// commands with the password masked.
public struct SecurityKeychainImporter: KeychainImporter {
    /// Applications allowed to use the imported key without asking (fastlane's list).
    public static let trustedApplications = ["/usr/bin/codesign", "/usr/bin/security", "/usr/bin/productbuild", "/usr/bin/productsign"]
    public static let partitionList = "apple-tool:,apple:,codesign:"

    let shell: any ShellRunner
    let security: String
    let searchListLock: any SearchListLock

    /// `searchListLock` serialises this user's search-list changes with other nightshift runs
    /// (`UserSearchListLock`; `UnlockedSearchList` for a dry run, which changes nothing).
    public init(shell: any ShellRunner, searchListLock: any SearchListLock, securityPath: String = "security") {
        self.shell = shell
        self.security = securityPath
        self.searchListLock = searchListLock
    }

    /// A dry run's stand-in for a Mac's usual state: the login keychain alone on the search list
    /// and as the default, so the printed cleanup shows what a real run would do.
    public static func dryRunAnswers(home: String, securityPath security: String = "security") -> [DryRunAnswer] {
        let login = "    \"\(home)/Library/Keychains/login.keychain-db\"\n"
        return [
            DryRunAnswer(argv: [security, "list-keychains", "-d", "user"], standardOutput: login),
            DryRunAnswer(argv: [security, "default-keychain", "-d", "user"], standardOutput: login),
        ]
    }

    public func prepare(
        _ spec: KeychainSpec, output: @escaping CommandOutput,
        onCreated: @escaping @Sendable (KeychainSession) async -> Void
    ) async throws -> KeychainSession {
        let keychain = spec.path
        // The keychain is deleted first and at cleanup: never the user's or the system's, whoever calls.
        if ProtectedKeychain.contains(keychain) { throw SigningError.protectedKeychain(path: keychain) }
        // One critical section: delete-keychain and create-keychain change the search list too
        // (security takes a keychain off it, or puts one on it), and the list is read and
        // written back whole. Another run's keychain is never dropped, whatever the timing.
        return try await searchListLock.withLock {
            // A keychain left by a crashed run would make create-keychain fail (exit 48). "Not found" is expected.
            _ = try await shell.capture(ShellCommand(security, ["delete-keychain", keychain]))
            let replacedDefault = spec.makeDefault ? try await currentDefaultKeychain() : nil
            try await runWithPassword(["create-keychain", "-p", .secret(spec.password), .plain(keychain)], output: output)
            let session = KeychainSession(keychainPath: keychain, keychainPassword: spec.password) { [self] in
                try await restore(keychain: keychain, replacedDefault: replacedDefault)
            }
            await onCreated(session)

            // No flags: no auto-lock timeout and no lock on sleep, so a long build never finds it locked.
            try await run(["set-keychain-settings", keychain], output: output)
            try await runWithPassword(["unlock-keychain", "-p", .secret(spec.password), .plain(keychain)], output: output)
            try await addToSearchList(keychain, output: output)
            if spec.makeDefault {
                try await run(["default-keychain", "-d", "user", "-s", keychain], output: output)
            }
            return session
        }
    }

    public func importCertificate(
        at p12Path: String, password: Secret, into session: KeychainSession, output: @escaping CommandOutput
    ) async throws {
        let keychain = session.keychainPath
        try await importP12(p12Path, password: password, keychain: keychain, output: output)
        // Without the partition list codesign asks for the key in a dialog nobody can click
        // ("User interaction is not allowed"). Its stdout lists key attributes: not forwarded.
        try await runWithPassword(
            ["set-key-partition-list", "-S", .plain(Self.partitionList), "-s", "-k", .secret(session.keychainPassword), .plain(keychain)],
            output: output, forwardStandardOutput: false)
        let identities = try await run(["find-identity", "-v", "-p", "codesigning", keychain], output: output)
        if identities.standardOutput.contains("0 valid identities found") {
            await output(
                .standardError,
                Array(
                    (Diagnostic.warning(
                        "no valid code-signing identity in \(keychain) after importing \(p12Path) (is Apple's WWDR intermediate certificate installed?)",
                        at: nil
                    ).description + "\n").utf8))
        }
    }

    private func importP12(_ p12Path: String, password: Secret, keychain: String, output: @escaping CommandOutput) async throws {
        func arguments(format: String) -> [SecurityArgument] {
            ["import", .plain(p12Path), "-k", .plain(keychain), "-f", .plain(format), "-P", .secret(password)]
                + Self.trustedApplications.flatMap { ["-T", .plain($0)] }
        }
        let first = try await passwordCommand(arguments(format: "pkcs12"), output: output)
        if first.succeeded || Self.alreadyImported(first) { return }
        // macOS 15 refuses some OpenSSL-made and empty-password .p12 files as pkcs12 but reads
        // them as "openssl" (codemagic's retry).
        guard Self.needsOpenSSLFormat(first) else { throw failure(arguments(format: "pkcs12"), first) }
        let second = try await passwordCommand(arguments(format: "openssl"), output: output)
        if second.succeeded || Self.alreadyImported(second) { return }
        throw failure(arguments(format: "openssl"), second)
    }

    static func alreadyImported(_ result: CapturedResult) -> Bool {
        result.standardError.contains("already exists in the keychain")
    }

    static func needsOpenSSLFormat(_ result: CapturedResult) -> Bool {
        result.standardError.contains("Unable to decode the provided data")
            || result.standardError.contains("passphrase you entered is not correct")
    }

    @discardableResult
    func run(_ arguments: [String], output: CommandOutput? = nil) async throws -> CapturedResult {
        let command = ShellCommand(security, arguments)
        let result = try await shell.capture(command, forwarding: [.standardOutput, .standardError], to: output)
        guard result.succeeded else {
            throw KeychainError(command: command.argv.joined(separator: " "), termination: result.termination, detail: result.failureDetail)
        }
        return result
    }

    private func runWithPassword(
        _ arguments: [SecurityArgument], output: @escaping CommandOutput, forwardStandardOutput: Bool = true
    ) async throws {
        let result = try await passwordCommand(arguments, output: output, forwardStandardOutput: forwardStandardOutput)
        guard result.succeeded else { throw failure(arguments, result) }
    }

    /// Runs `arguments` through `security -i`, printing them with their `.secret`s masked.
    private func passwordCommand(
        _ arguments: [SecurityArgument], output: @escaping CommandOutput, forwardStandardOutput: Bool = true
    ) async throws -> CapturedResult {
        let line = try SecurityCommandLine.line(arguments.map(\.value))
        await output(.standardOutput, Array("security -i <<< \(Self.display(arguments))\n".utf8))
        let command = ShellCommand(security, ["-i"], standardInput: Array(line.utf8))
        let channels: Set<OutputChannel> = forwardStandardOutput ? [.standardOutput, .standardError] : [.standardError]
        return try await shell.capture(command, forwarding: channels, to: output)
    }

    private func failure(_ arguments: [SecurityArgument], _ result: CapturedResult) -> KeychainError {
        KeychainError(command: "security " + Self.display(arguments), termination: result.termination, detail: result.failureDetail)
    }

    static func display(_ arguments: [SecurityArgument]) -> String {
        arguments.map(\.shown).joined(separator: " ")
    }
}
