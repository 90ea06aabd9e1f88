/// A clean archive's output, about 2,000 lines, made from the shapes xcodebuild prints for each
/// task: a header, its indented invocation, sometimes the tool's own lines, a blank line. Three
/// targets are built in turn (scripts, compiles, link, resources, Info.plist, signing), with two
/// compiler warnings, then the result banner.
enum CleanBuildLog {
    static let derived =
        "/Users/ci/Library/Developer/Xcode/DerivedData/Nightly-bqhzcfwvmkxjxa/Build/Intermediates.noindex/ArchiveIntermediates/Nightly"
    static let toolchain = "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin"

    static let warnings = [
        "/Users/ci/work/Nightly/Sources/Core/Core7.swift:18:13: warning: variable 'count' was never mutated; consider changing to 'let' constant",
        "/Users/ci/work/Nightly/Sources/Nightly/Nightly42.swift:7:9: warning: 'init(configuration:)' is deprecated: use init(settings:)",
    ]

    static var text: String {
        var lines = [
            "Command line invocation:",
            "    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild archive -workspace Nightly.xcworkspace -scheme Nightly -configuration Release",
            "", "Resolve Package Graph", "", "Prepare packages", "", "ComputeTargetDependencyGraph",
            "note: Building targets in dependency order", "note: Target dependency graph (3 targets)", "",
        ]
        for (name, files) in [("Core", 150), ("Widgets", 90), ("Nightly", 200)] {
            lines += target(name, swiftFiles: files)
        }
        return (lines + ["** ARCHIVE SUCCEEDED **", ""]).joined(separator: "\n")
    }

    private static func target(_ name: String, swiftFiles: Int) -> [String] {
        let build = "\(derived)/IntermediateBuildFilesPath/Nightly.build/Release-iphoneos/\(name).build"
        let product = "\(derived)/InstallationBuildProductsLocation/Applications/\(name).app"
        let inTarget = "(in target '\(name)' from project 'Nightly')"
        var lines = task(
            "PhaseScriptExecution Lint \(build)/Script-8C2E41F02B7A9D11.sh \(inTarget)",
            [
                "/bin/sh -c \(build)/Script-8C2E41F02B7A9D11.sh"
            ],
            output: [
                "Linting Swift files in current working directory", "Done linting! Found 0 violations, 0 serious in \(swiftFiles) files.",
            ])
        for index in 1...swiftFiles {
            let file = "/Users/ci/work/Nightly/Sources/\(name)/\(name)\(index).swift"
            lines += task(
                "SwiftCompile normal arm64 \(file) \(inTarget)",
                [
                    "builtin-swiftTaskExecution -- \(toolchain)/swift-frontend -frontend -c -primary-file \(file) -module-name \(name) -O -target arm64-apple-ios16.0"
                ],
                output: warnings.filter { $0.hasPrefix(file + ":") }.flatMap { [$0, "        var count = items.count", "        ~~~ ^"] })
        }
        for index in 1...8 {
            lines += task(
                "CompileC \(build)/Objects-normal/arm64/Shim\(index).o /Users/ci/work/Nightly/Sources/\(name)/Shim\(index).m normal arm64 objective-c com.apple.compilers.llvm.clang.1_0.compiler \(inTarget)",
                [
                    "\(toolchain)/clang -x objective-c -target arm64-apple-ios16.0 -fobjc-arc -Os -c /Users/ci/work/Nightly/Sources/\(name)/Shim\(index).m -o \(build)/Objects-normal/arm64/Shim\(index).o"
                ])
        }
        lines += task(
            "Ld \(product)/\(name) normal \(inTarget)",
            [
                "\(toolchain)/clang -Xlinker -reproducible -target arm64-apple-ios16.0 -filelist \(build)/Objects-normal/arm64/\(name).LinkFileList -o \(product)/\(name)"
            ])
        for resource in ["Localizable.strings", "Settings.bundle", "Fonts/Inter.ttf", "Sounds/chime.caf"] {
            lines += task(
                "CpResource \(product)/\(resource) /Users/ci/work/Nightly/Resources/\(resource) \(inTarget)",
                [
                    "builtin-copy -exclude .DS_Store -exclude CVS -exclude .svn -exclude .git -resolve-src-symlinks /Users/ci/work/Nightly/Resources/\(resource) \(product)"
                ])
        }
        lines += task(
            "ProcessInfoPlistFile \(product)/Info.plist /Users/ci/work/Nightly/Sources/\(name)/Info.plist \(inTarget)",
            [
                "builtin-infoPlistUtility /Users/ci/work/Nightly/Sources/\(name)/Info.plist -producttype com.apple.product-type.application -expandbuildsettings -format binary -platform iphoneos -o \(product)/Info.plist"
            ])
        lines += task(
            "CodeSign \(product) \(inTarget)",
            [
                "", "Signing Identity:     \"Apple Distribution: Nightly Apps Ltd (AB12CD34EF)\"",
                "Provisioning Profile: \"Nightly App Store\"", "                      (6f1c2a9e-0b7d-4c1e-9a55-3d2b8e7f4a10)", "",
                "/usr/bin/codesign --force --sign 0F6A1C9B2D8E4F30A7B5C6D1E2F3A4B5C6D7E8F9 --entitlements \(build)/\(name).app.xcent --generate-entitlement-der \(product)",
            ])
        return lines
    }

    private static func task(_ header: String, _ commands: [String], output: [String] = []) -> [String] {
        [header, "    cd /Users/ci/work/Nightly"] + commands.map { $0.isEmpty ? "    " : "    " + $0 } + output + [""]
    }
}
