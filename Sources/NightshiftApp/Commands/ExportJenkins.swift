import NightshiftCore
import NightshiftApple
public import NightshiftExport
import NightshiftScheduling
import NightshiftSystem

/// `nightshift export jenkins`: a Declarative Pipeline Jenkinsfile per lane, or one for all.
public struct ExportJenkins: LanesFileCommand {
    public var global: LanesFileOptions
    public var lanes: [String]
    /// The folder to write into, as given.
    public var output: String
    public var single: Bool

    public init(
        global: LanesFileOptions, lanes: [String] = [], output: String = JenkinsExportOptions.defaultOutputDirectory,
        single: Bool = false
    ) {
        self.global = global
        self.lanes = lanes
        self.output = output
        self.single = single
    }

    public var pathOptions: [(option: String, path: String?)] { [("--file", global.file), ("--output", output)] }

    /// 0; 2 for a bad lanes file or an unknown lane; 1 when the files cannot be written.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let options = JenkinsExportOptions(layout: single ? .single : .filePerLane, lanesFilePath: try context.exportedLanesFilePath)
        return try context.write(try JenkinsfileGenerator().generate(file, lanes: lanes, options: options), into: output)
    }
}
