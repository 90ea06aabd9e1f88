import NightshiftApple
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTesting

/// `nightshift doctor [LANE]`: whether this machine can run the lanes, as a checklist with the
/// fix for each problem. Exit 0 when ready, 1 when not (2 for a bad lanes file).
public struct CheckMachine: LanesFileCommand {
    public var global: LanesFileOptions
    public var lane: String?
    public var json: Bool
    public var online: Bool

    public init(global: LanesFileOptions, lane: String? = nil, json: Bool = false, online: Bool = false) {
        self.global = global
        self.lane = lane
        self.json = json
        self.online = online
    }

    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let lanes: [Lane]
        if let lane {
            guard let found = file.lane(named: lane) else {
                throw CommandFailure.usage("no lane '\(lane)' in \(file.path) (lanes: \(file.lanes.map(\.name).joined(separator: ", ")))")
            }
            lanes = [found]
        } else {
            lanes = file.lanes
        }
        let environment = try context.loadEnvironment()
        let shell = context.environment.makeShell(context.shellSettings(environment))
        var checks = [LaneDoctorChecks.variables(lanes, in: file, environment: environment)]
        let signing = SigningDoctorChecks(
            files: LocalSigningFileSystem(directory: context.runDirectory), inspector: P12Inspector(shell: shell), now: context.clock.now)
        var certificates: [SigningCertificate] = []
        let signed = LaneDoctorChecks.signedConfigurations(lanes, in: file)
        for configuration in signed {
            let found = await signing.check(configuration, in: file, environment: environment)
            checks += found.checks
            certificates += found.certificates
        }
        let machine = MachineDoctorChecks(shell: shell)
        if !signed.isEmpty {
            checks.append(await machine.searchList())
            var seen: Set<CertificateAuthorities.Intermediate> = []
            for intermediate in certificates.compactMap(CertificateAuthorities.issuer(of:)) where !intermediate.isRetired {
                if seen.insert(intermediate).inserted { checks.append(await machine.installed(intermediate)) }
            }
        }
        let xcode = XcodeDoctorChecks(
            installs: DiskXcodeInstalls(environment: environment), runtimes: RuntimeSurvey(shell: shell),
            lanesFolder: try context.lanesFileFolder.string)
        checks += await xcode.check(lanes, in: file, environment: environment)
        checks.append(MachineDoctorChecks.diskSpace(at: context.environment.currentDirectory.string))
        if online {
            let service = OnlineDoctorChecks(transport: context.transport, clock: context.clock, secrets: context.secrets)
            checks.append(await service.appStoreConnectKey(environment: environment))
        }
        context.output.out(json ? DoctorReport.json(checks) : DoctorReport.text(checks))
        return checks.contains { $0.status == DoctorCheck.Status.missing } ? ExitStatus.failed : ExitStatus.success
    }
}
