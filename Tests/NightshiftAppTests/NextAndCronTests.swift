import NightshiftApp
import NightshiftCore
import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("next and cron, in process")
struct NextAndCronTests {
    @Test("next: a scheduled lane's spec and firings from --from; exit 0")
    func next() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await ShowNextFirings(global: LanesFileOptions(), lanes: ["nightly"], count: 2, from: "2026-01-05T00:00:00Z")
            .execute(in: app.environment())
        #expect(status == 0)
        #expect(app.standardOutput.contains("nightly"))
        #expect(app.standardOutput.contains("2026-01-05T"))
        #expect(app.standardError == "")
    }

    @Test("next: lanes that are missing or unscheduled are each an error, without a count; exit 2")
    func nextProblems() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await ShowNextFirings(global: LanesFileOptions(), lanes: ["lint", "nope"]).execute(in: app.environment())
        #expect(status == 2)
        let lines = app.standardError.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("error: ") })
        #expect(app.standardError.contains("error: lane 'lint' has no schedule\n"))
        #expect(app.standardOutput == "")
    }

    @Test("next: an unreadable --from is exit 2")
    func nextBadTime() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await ShowNextFirings(global: LanesFileOptions(), from: "tomorrow").execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardError.hasPrefix("error: cannot read the time 'tomorrow'"))
    }

    @Test("next: an invalid lanes.yml is exit 2")
    func nextInvalid() async throws {
        let app = try AppHarness(lanes: Fixtures.invalid)
        #expect(await ShowNextFirings(global: LanesFileOptions()).execute(in: app.environment()) == 2)
    }

    @Test("cron: the firings, one per line; now is the injected clock's; exit 0")
    func cron() async throws {
        let app = try AppHarness()
        let status = await PreviewCron(spec: "0 6 * * *", count: 2).execute(in: app.environment())
        #expect(status == 0)
        #expect(app.standardOutput == "2026-01-01T06:00:00+00:00\n2026-01-02T06:00:00+00:00\n")
        #expect(app.standardError == "")
    }

    @Test("cron: a spec Jenkins rejects is exit 2 with the reason")
    func cronRejected() async throws {
        let app = try AppHarness()
        let status = await PreviewCron(spec: "0 0 * * MON-FRI").execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardError.hasPrefix("error: invalid cron line 1 \"0 0 * * MON-FRI\", column 8"))
        #expect(app.standardOutput == "")
    }

    @Test("cron: an unknown zone has a did-you-mean, exit 2; an unreadable --from is exit 2")
    func cronBadArguments() async throws {
        let app = try AppHarness()
        #expect(await PreviewCron(spec: "@daily", timezone: "Europe/Berln").execute(in: app.environment()) == 2)
        #expect(app.standardError == "error: unknown time zone 'Europe/Berln'; did you mean 'Europe/Berlin'?\n")
        let other = try AppHarness()
        #expect(await PreviewCron(spec: "@daily", from: "soon").execute(in: other.environment()) == 2)
        #expect(other.standardError.hasPrefix("error: cannot read the time 'soon'"))
    }

    @Test("cron: the listing stops at the end of year 9999 with a note; exit 0")
    func cronEndOfTime() async throws {
        let app = try AppHarness()
        let status = await PreviewCron(spec: "0 0 1 1 *", from: "9999-01-01T00:00:00Z", count: 3).execute(in: app.environment())
        #expect(status == 0)
        #expect(app.standardOutput == "9999-01-01T00:00:00+00:00\n")
        #expect(app.standardError.hasPrefix("note: "))
    }
}
