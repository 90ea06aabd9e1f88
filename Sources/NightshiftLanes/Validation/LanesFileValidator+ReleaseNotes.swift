import NightshiftCore
import NightshiftSchema

extension LanesFileValidator {
    /// `notes:` is text, or `{ from: git }` (the commits since the lane's last delivery).
    func checkReleaseNotes(of target: UploadTarget) {
        guard case .map(let values)? = target.parameters["notes"] else { return }
        let location = target.parameterLocations["notes"] ?? target.location
        if values.keys.sorted() != ["from"] || values["from"]?.raw != "git" {
            bag.error(
                "notes: takes text or { from: git }", at: location,
                notes: ["{ from: git } writes the subjects of the commits since this lane's last delivery"])
        }
    }
}
