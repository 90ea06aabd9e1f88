@testable import NightshiftEngine
import NightshiftSystem
import Testing

@Suite("a dry run's lines show paths relative to the lanes file's folder")
struct RelativePathDisplayTests {
    let display = RelativePathDisplay(folder: "/work/app/")!

    @Test("a path under the folder loses it; the folder itself is '.'; the command keeps its absolute paths")
    func underTheFolder() {
        let command = ShellCommand(
            "xcodebuild",
            ["-archivePath", "/work/app/.nightshift/runs/r1/Brewer.xcarchive", "-exportOptionsPlist=/work/app/.nightshift/e.plist"],
            workingDirectory: "/work/app")
        let shown = display.shown(command)
        #expect(
            CommandLineRendering.render(shown)
                == "(cd . && xcodebuild -archivePath .nightshift/runs/r1/Brewer.xcarchive -exportOptionsPlist=.nightshift/e.plist )")
        #expect(command.arguments[1] == "/work/app/.nightshift/runs/r1/Brewer.xcarchive")
    }

    @Test("a path that only contains the folder's text, or a longer folder name, is left as it is")
    func elsewhere() {
        #expect(display.relative("/other/work/app/x") == "/other/work/app/x")
        #expect(display.relative("/work/app2/x") == "/work/app2/x")
        #expect(display.relative("/work/apple") == "/work/apple")
        #expect(display.relative("cp /work/app/a.ipa /work/app/b.ipa:/work/app") == "cp a.ipa b.ipa:.")
        #expect(display.relative("DIR='/work/app/out'") == "DIR='out'")
    }

    @Test("no display for the root or a relative folder")
    func noDisplay() {
        #expect(RelativePathDisplay(folder: "/") == nil)
        #expect(RelativePathDisplay(folder: "app") == nil)
    }
}
