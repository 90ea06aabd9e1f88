import Foundation
import NightshiftApple
import NightshiftCore
import NightshiftLanes
import NightshiftSystem

/// `nightshift init`: a lanes.yml for the app's Xcode project, read through xcodebuild, with
/// `.env.example`, the schema editors read, and `.nightshift/` in `.gitignore`.
public struct InitLanes: AppCommand {
    public var workspace: String?
    public var project: String?
    public var scheme: String?
    /// `-` prints the lanes file and writes nothing.
    public var output: String
    public var force: Bool

    public init(workspace: String? = nil, project: String? = nil, scheme: String? = nil, output: String = "lanes.yml", force: Bool = false)
    {
        self.workspace = workspace
        self.project = project
        self.scheme = scheme
        self.output = output
        self.force = force
    }

    public var lanesFile: LanesFileOptions? { nil }
    public var pathOptions: [(option: String, path: String?)] {
        [("--workspace", workspace), ("--project", project), ("--output", output == "-" ? nil : output)]
    }

    /// Where the schema goes, beside the lanes file, and how its first line names it.
    static let schemaPath = ".nightshift/lanes.schema.json"

    public func work(in context: CommandContext) async throws -> Int32 {
        let root = context.environment.currentDirectory
        let container = try self.container(in: root)
        let target = output == "-" ? nil : try AbsolutePath(validating: output, relativeTo: root)
        let folder = target?.parent ?? root
        if let target, !force {
            let existing = [target, folder.appending(".env.example")].filter { FileManager.default.fileExists(atPath: $0.string) }
            if !existing.isEmpty {
                throw CommandFailure(
                    [
                        .error(
                            "\(existing.map { $0.relative(to: root) }.joined(separator: " and ")) already exist\(existing.count == 1 ? "s" : "")",
                            at: nil, notes: ["nightshift init overwrites nothing: pass --force to replace, or --output - to print"])
                    ],
                    status: ExitStatus.failed)
            }
        }
        let shell = context.environment.makeShell(ShellSettings(environment: context.environment.variables, workingDirectory: root.string))
        let app: AppProject
        do {
            app = try await AppProject.read(container, scheme: scheme, through: XcodeProjectSurvey(shell: shell))
        } catch let problem as AppProject.Problem {
            throw CommandFailure([.error(problem.description, at: nil, notes: problem.notes)], status: ExitStatus.failed)
        } catch let problem as XcodeListing.Unreadable {
            throw CommandFailure(problem.description, status: ExitStatus.failed)
        }
        let containerPath = (try? AbsolutePath(validating: container.path, relativeTo: root))?.relative(to: folder) ?? container.path
        let text = LanesDraft(project: app, containerPath: containerPath, schemaPath: Self.schemaPath).text()
        // What init writes must load: a failure here is nightshift's bug, shown rather than written.
        let file = try LanesFileLoader().parse(text: text, path: target?.relative(to: root) ?? "lanes.yml")
        guard let target else {
            context.output.out(text)
            return ExitStatus.success
        }
        let written = try InitFiles(root: root, folder: folder).write([
            (target, text), (folder.appending(".env.example"), EnvExampleDraft.text(for: file)),
            (folder.appending(Self.schemaPath), LanesSchema.document().printed()),
        ])
        let ignored = try InitFiles(root: root, folder: folder).ignoreRunFolder()
        context.output.out(
            (written.map { "wrote \($0)\n" } + (ignored.map { ["added .nightshift/ to \($0)\n"] } ?? [])).joined()
                + "next: nightshift validate; nightshift run beta --dry-run --env example; nightshift doctor\n")
        return ExitStatus.success
    }

    /// `--workspace`, `--project`, or the one workspace (else the one project) in the folder.
    private func container(in root: AbsolutePath) throws -> XcodeProjectSurvey.Container {
        if workspace != nil, project != nil { throw CommandFailure.usage("name --workspace or --project, not both") }
        if let workspace { return .workspace(workspace) }
        if let project { return .project(project) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.string)) ?? []).sorted()
        let kinds: [(String, (String) -> XcodeProjectSurvey.Container)] = [
            (".xcworkspace", XcodeProjectSurvey.Container.workspace), (".xcodeproj", XcodeProjectSurvey.Container.project),
        ]
        for (suffix, make) in kinds {
            let found = names.filter { $0.hasSuffix(suffix) }
            if found.count == 1 { return make(found[0]) }
            if found.count > 1 {
                throw CommandFailure.usage(
                    "this folder holds \(found.joined(separator: ", ")): name one with --\(suffix == ".xcodeproj" ? "project" : "workspace")"
                )
            }
        }
        throw CommandFailure.usage("no .xcworkspace or .xcodeproj in this folder: run nightshift init in the app's folder, or name one")
    }
}
