import Foundation
@testable import NightshiftDelivery
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// The reservations kept in a lane's run folders: a run id read from a reservation file names a
/// folder of that lane, never a path out of it.
@Suite("TestFlight reservations in the lane's run folders", .temporaryDirectory)
struct ReservationStoreTests {
    private func reservation(runID: String) -> BuildUploadReservation {
        BuildUploadReservation(
            sha256: "00ff", size: 4500, app: "1", uploadID: "u", fileID: "f", operations: [], finishedParts: [], runID: runID)
    }

    @Test("forgetting an earlier run's reservation removes its file, and nothing outside the lane's folders")
    func forgetStaysInTheLane() async throws {
        let state = AbsolutePath.test(try TemporaryDirectory.make("state"))
        let lane = state.appending("runs/beta")
        try await ReservationStore(runFolder: lane.appending("r0")).save(reservation(runID: "r0"))
        let outside = state.appending(BuildUploadReservation.fileName).string
        #expect(FileManager.default.createFile(atPath: outside, contents: Data("{}".utf8)))
        let store = ReservationStore(runFolder: lane.appending("r1"))
        for runID in ["../..", "..", ".", "", "r0/../../..", "/"] {
            await store.forget(reservation(runID: runID))
        }
        #expect(FileManager.default.fileExists(atPath: outside), "a run id climbed out of the lane folder")
        #expect(FileManager.default.fileExists(atPath: lane.appending("r0").appending(BuildUploadReservation.fileName).string))
        await store.forget(reservation(runID: "r0"))
        #expect(!FileManager.default.fileExists(atPath: lane.appending("r0").appending(BuildUploadReservation.fileName).string))
    }
}
