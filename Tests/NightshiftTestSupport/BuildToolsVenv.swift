import Foundation

/// `.build-tools/venv`, where `scripts/install-deps` puts the PyPI tools tests check against
/// (check-jsonschema, junitparser, botocore, moto). A test needing one skips, saying so, when
/// the package is not there.
public enum BuildToolsVenv {
    public static let path = RepositoryFiles.root.appendingPathComponent(".build-tools/venv").path

    public static var python: String? {
        let candidate = path + "/bin/python"
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// The venv's python when `package` (an importable name) is installed in it.
    public static func python(with package: String) -> String? {
        guard let python else { return nil }
        let libraries = (try? FileManager.default.contentsOfDirectory(atPath: path + "/lib")) ?? []
        return libraries.contains { FileManager.default.fileExists(atPath: "\(path)/lib/\($0)/site-packages/\(package)") } ? python : nil
    }

    /// An executable the venv installed (`moto_server`), if it is there.
    public static func executable(_ name: String) -> String? {
        let candidate = path + "/bin/" + name
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }
}
