// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// What every capability running steps stands on, lowest layer last. A capability lists what else
/// it imports (Lanes, Schema, Cron) itself: scripts/check-layers fails on a dependency no file imports.
let engineLayers: [Target.Dependency] = ["NightshiftEngine", "NightshiftCore", "NightshiftSystem"]
/// The capabilities, each on the engine and unaware of the others; the App wires them all.
let capabilities: [Target.Dependency] = [
    "NightshiftApple", "NightshiftAppStore", "NightshiftDelivery", "NightshiftReporting", "NightshiftScheduling", "NightshiftExport",
    "NightshiftTesting",
]
/// Every library target above the system layer: for what must link or test them all.
let nightshiftLibraries: [Target.Dependency] =
    ["NightshiftCore", "NightshiftCron", "NightshiftSchema", "NightshiftServices", "NightshiftLanes", "NightshiftEngine"] + capabilities

let package = Package(
    name: "nightshift",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nightshift", targets: ["nightshift"]),
        // Benchmarks only (scripts/bench-*, release builds); not part of `swift test`.
        .executable(name: "nightshift-cron-bench", targets: ["CronBench"]),
        .executable(name: "nightshift-stream-bench", targets: ["StreamBench"]),
        .executable(name: "nightshift-startup-baseline", targets: ["StartupBaseline"]),
        .executable(name: "nightshift-test-results-bench", targets: ["TestResultsBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        // MD5 for Jenkins' H hash, SHA-256 for upload checks, RSA for Google service accounts.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
        // DER for certificates (their names come in five string types). Already built for
        // swift-crypto's _CryptoExtras, so naming it costs no build time.
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.2.0"),
        // The scheduler's run history (`nightshift history`) lives in SQLite under `.nightshift/`.
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        // A real HTTP server on 127.0.0.1 for the uploader tests (tests only, pure Swift, no NIO).
        .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.0"),
    ],
    targets: [
        .executableTarget(
            name: "nightshift",
            dependencies: [
                "NightshiftApp", "NightshiftCore", "NightshiftExport", "NightshiftServices", "NightshiftSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], swiftSettings: settings),
        // The system layer: every operating-system call nightshift makes (processes, pipes,
        // signals, locks, descriptors, the clock, the terminal). Its C half holds what Swift's
        // Glibc and Darwin importers spell differently; no other target imports Glibc or Darwin
        // (scripts/check-portability).
        .target(name: "CNightshiftSystem"),
        .target(name: "NightshiftSystem", dependencies: ["CNightshiftSystem"], swiftSettings: settings),
        // The layers below the executable, lowest first; each may import only those above it in
        // this list (ARCHITECTURE.md). A back-edge is a compile error.
        // Core: the vocabulary every layer shares: the lanes-file model, diagnostics, secrets and
        // masking, durations, retries (ARCHITECTURE.md says what belongs here and what does not).
        .target(name: "NightshiftCore", dependencies: ["NightshiftSystem"], swiftSettings: settings),
        // Cron: Jenkins' cron dialect, parsed, explained and fired (MD5 for its `H`). Lanes validates
        // with it, Scheduling fires it, the Jenkins export writes it.
        .target(
            name: "NightshiftCron", dependencies: [.product(name: "Crypto", package: "swift-crypto")], swiftSettings: settings),
        // Schema: what loading checks but one capability alone interprets: each upload
        // destination's keys, defaults and typed settings, and the `test:` step's value checks.
        .target(name: "NightshiftSchema", dependencies: ["NightshiftCore"], swiftSettings: settings),
        // Lanes: reading lanes.yml and .env files (Yams), and checking what parsing cannot.
        .target(
            name: "NightshiftLanes",
            dependencies: [
                "NightshiftCore", "NightshiftCron", "NightshiftSchema", "NightshiftSystem", .product(name: "Yams", package: "Yams"),
            ], swiftSettings: settings),
        // Engine: running lanes: steps, the performer and reporter protocols, results, cleanup.
        // Crypto: the run journal's SHA-256 fingerprints and artifact digests.
        .target(
            name: "NightshiftEngine",
            dependencies: ["NightshiftLanes", "NightshiftCore", "NightshiftSystem", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: settings),
        // Services: the clients of the services nightshift talks to, shared by the capabilities that
        // call them: the HTTP transport and its retries, JWTs, App Store Connect's keys, tokens,
        // endpoint and its one client (`AppStoreConnectClient`). It runs no step, so no engine.
        .target(
            name: "NightshiftServices",
            dependencies: [
                "NightshiftCore", "NightshiftSchema", "NightshiftSystem", .product(name: "Crypto", package: "swift-crypto"),
            ], swiftSettings: settings),
        // Capabilities, each on the engine and unaware of the others.
        .target(
            name: "NightshiftApple",
            dependencies: engineLayers + [
                "NightshiftLanes", "NightshiftSchema", "NightshiftServices", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ], swiftSettings: settings),
        .target(
            name: "NightshiftDelivery",
            dependencies: engineLayers + [
                "NightshiftSchema", "NightshiftServices", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ], swiftSettings: settings),
        // App Store Connect's product management: the `release:` step and `appstore status|release|
        // phased`, on Services' App Store Connect client. Uploads stay in Delivery.
        .target(
            name: "NightshiftAppStore", dependencies: engineLayers + ["NightshiftSchema", "NightshiftServices"],
            swiftSettings: settings),
        .target(name: "NightshiftReporting", dependencies: engineLayers, swiftSettings: settings),
        .target(
            name: "NightshiftScheduling",
            dependencies: engineLayers + [
                "NightshiftCron", .product(name: "Crypto", package: "swift-crypto"), .product(name: "GRDB", package: "GRDB.swift"),
            ], swiftSettings: settings),
        // `nightshift export`: one lane plan (`Plan/`) rendered for each CI engine (`Jenkins/`, …).
        // It writes what lanes.yml says and runs nothing, so it needs no engine.
        .target(
            name: "NightshiftExport", dependencies: ["NightshiftLanes", "NightshiftCron", "NightshiftCore", "NightshiftSystem"],
            swiftSettings: settings),
        // `test:`: simulators, xcodebuild's test actions and `swift test`, reading their results
        // (xcresulttool, xccov, xUnit) and writing them as JUnit and Cobertura.
        .target(name: "NightshiftTesting", dependencies: engineLayers + ["NightshiftSchema"], swiftSettings: settings),
        // The application layer: each command's behaviour as a function of an injected
        // `CommandEnvironment`, so every command runs in process in tests. No ArgumentParser here.
        .target(
            name: "NightshiftApp",
            dependencies: capabilities + [
                "NightshiftEngine", "NightshiftLanes", "NightshiftCron", "NightshiftServices", "NightshiftSchema", "NightshiftCore",
                "NightshiftSystem",
            ],
            swiftSettings: settings),
        .executableTarget(
            name: "CronBench", dependencies: ["NightshiftCron"],
            path: "Benchmarks/CronBench", swiftSettings: settings),
        .executableTarget(
            name: "StreamBench",
            dependencies: [
                "NightshiftCore", "NightshiftLanes", "NightshiftEngine", "NightshiftSystem", "NightshiftRunnerBuilder",
            ],
            path: "Benchmarks/StreamBench", swiftSettings: settings),
        .executableTarget(
            name: "TestResultsBench", dependencies: ["NightshiftCore", "NightshiftEngine", "NightshiftTesting"],
            path: "Benchmarks/TestResultsBench", swiftSettings: settings),
        // Linked with every library the executable links, so the floor it measures is fair.
        .executableTarget(
            name: "StartupBaseline",
            dependencies: nightshiftLibraries + [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/StartupBaseline", swiftSettings: settings),
        // The one way tests and benchmarks build a lane runner; apart from the test support, so a
        // benchmark links neither swift-testing nor FlyingFox.
        .target(
            name: "NightshiftRunnerBuilder",
            dependencies: ["NightshiftCore", "NightshiftEngine", "NightshiftReporting", "NightshiftSystem"],
            path: "Tests/NightshiftRunnerBuilder", swiftSettings: settings),
        // The test support, one target per layer, so a library's tests link nothing above it
        // (BudgetTests' upward edges). The lowest: clocks, temporary folders, the scripted shell,
        // captured output, goldens, `waitUntil`; on System alone.
        .target(
            name: "NightshiftTestSupport", dependencies: ["NightshiftSystem"], path: "Tests/NightshiftTestSupport", swiftSettings: settings),
        // The repository's lanes.yml as the loader reads it.
        .target(
            name: "NightshiftLanesTestSupport", dependencies: ["NightshiftCore", "NightshiftLanes", "NightshiftTestSupport"],
            path: "Tests/NightshiftLanesTestSupport", swiftSettings: settings),
        // What a capability's tests need of the engine: Xcode installs that exist only in a test, a
        // step's journal note kept across runs. On the engine alone, so a capability's tests link
        // no other capability.
        .target(
            name: "NightshiftEngineTestSupport",
            dependencies: ["NightshiftCore", "NightshiftEngine", "NightshiftTestSupport"], path: "Tests/NightshiftEngineTestSupport",
            swiftSettings: settings),
        // The lane-runner harness, over the runner builder (which wires Reporting's console
        // reporter as a real run does): for the engine's, Reporting's and the App's tests.
        .target(
            name: "NightshiftRunnerTestSupport",
            dependencies: [
                "NightshiftCore", "NightshiftEngine", "NightshiftLanes", "NightshiftSystem", "NightshiftRunnerBuilder",
                "NightshiftTestSupport",
            ], path: "Tests/NightshiftRunnerTestSupport", swiftSettings: settings),
        // HTTP fakes: the fakes of Apple's services and other HTTP handlers, served on a loopback
        // socket (`LocalHTTPServer`) or answered in process through the `HTTPTransport` seam
        // (`InProcessHTTPServer`), and the scripted transport. On the services layer.
        .target(
            name: "NightshiftFakeTransport",
            dependencies: [
                "NightshiftServices", "NightshiftSchema", "NightshiftCore", "NightshiftSystem", "NightshiftTestSupport",
                .product(name: "FlyingFox", package: "FlyingFox"),
                // P-256 for the fakes' App Store Connect token checks.
                .product(name: "Crypto", package: "swift-crypto"),
            ], path: "Tests/NightshiftFakeTransport", swiftSettings: settings),
        // One test target per library target, named after it: a file goes where the code it tests
        // lives, and each target depends on what its files import (ARCHITECTURE.md, Tests).
        .testTarget(name: "NightshiftSystemTests", dependencies: ["NightshiftSystem", "NightshiftTestSupport"], swiftSettings: settings),
        .testTarget(
            name: "NightshiftCoreTests", dependencies: ["NightshiftCore", "NightshiftSystem", "NightshiftTestSupport"],
            swiftSettings: settings),
        .testTarget(
            name: "NightshiftCronTests", dependencies: ["NightshiftCron", "NightshiftCore"], resources: [.copy("Fixtures")],
            swiftSettings: settings),
        .testTarget(
            name: "NightshiftLanesTests",
            dependencies: [
                "NightshiftLanes", "NightshiftSchema", "NightshiftCron", "NightshiftCore", "NightshiftSystem", "NightshiftTestSupport",
                "NightshiftLanesTestSupport",
            ], exclude: ["Fixtures"], swiftSettings: settings),
        // The runner builder wires the console reporter as a real run does: the one edge above the
        // engine its tests keep (BudgetTests), for they read what a run shows.
        .testTarget(
            name: "NightshiftEngineTests",
            dependencies: [
                "NightshiftEngine", "NightshiftLanes", "NightshiftCore", "NightshiftSystem", "NightshiftTestSupport",
                "NightshiftEngineTestSupport", "NightshiftRunnerTestSupport", "NightshiftRunnerBuilder",
            ], swiftSettings: settings),
        .testTarget(
            name: "NightshiftAppleTests",
            dependencies: [
                "NightshiftApple", "NightshiftEngine", "NightshiftLanes", "NightshiftCore", "NightshiftSystem", "NightshiftServices",
                "NightshiftSchema", "NightshiftTestSupport", "NightshiftFakeTransport", .product(name: "SwiftASN1", package: "swift-asn1"),
            ], exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "NightshiftServicesTests",
            dependencies: [
                "NightshiftServices", "NightshiftSchema", "NightshiftCore", "NightshiftSystem",
                .product(name: "Crypto", package: "swift-crypto"),
            ], swiftSettings: settings),
        .testTarget(
            name: "NightshiftAppStoreTests",
            dependencies: [
                "NightshiftAppStore", "NightshiftServices", "NightshiftSchema", "NightshiftEngine", "NightshiftCore", "NightshiftSystem",
                "NightshiftTestSupport", "NightshiftEngineTestSupport", "NightshiftFakeTransport",
                .product(name: "Crypto", package: "swift-crypto"),
            ], swiftSettings: settings),
        .testTarget(
            name: "NightshiftDeliveryTests",
            dependencies: [
                "NightshiftDelivery", "NightshiftServices", "NightshiftSchema", "NightshiftEngine", "NightshiftCore", "NightshiftSystem",
                "NightshiftTestSupport", "NightshiftEngineTestSupport", "NightshiftFakeTransport",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ], exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "NightshiftReportingTests",
            dependencies: [
                "NightshiftReporting", "NightshiftEngine", "NightshiftCore", "NightshiftSystem", "NightshiftTestSupport",
                "NightshiftRunnerTestSupport", "NightshiftFakeTransport",
            ], swiftSettings: settings),
        .testTarget(
            name: "NightshiftSchedulingTests",
            dependencies: [
                "NightshiftScheduling", "NightshiftCron", "NightshiftEngine", "NightshiftLanes", "NightshiftCore", "NightshiftSystem",
                "NightshiftTestSupport",
                // To lock, corrupt and hand-edit the run history as other processes would.
                .product(name: "GRDB", package: "GRDB.swift"),
            ], exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "NightshiftExportTests",
            dependencies: [
                "NightshiftExport", "NightshiftCron", "NightshiftSchema", "NightshiftLanes", "NightshiftCore", "NightshiftSystem",
                "NightshiftTestSupport", "NightshiftLanesTestSupport",
            ], swiftSettings: settings),
        .testTarget(
            name: "NightshiftTestingTests",
            dependencies: [
                "NightshiftTesting", "NightshiftEngine", "NightshiftCore", "NightshiftSystem", "NightshiftTestSupport",
            ], resources: [.copy("Fixtures")], swiftSettings: settings),
        // Checks over the repository's own files: the sources, and ARCHITECTURE.md against them.
        .testTarget(name: "RepositoryTests", dependencies: ["NightshiftCore"], swiftSettings: settings),
        .testTarget(
            name: "NightshiftAppTests",
            dependencies: nightshiftLibraries + [
                "NightshiftApp", "NightshiftSystem", "NightshiftTestSupport", "NightshiftEngineTestSupport", "NightshiftRunnerTestSupport",
                "NightshiftLanesTestSupport",
                "NightshiftRunnerBuilder", "NightshiftFakeTransport",
                // To lock and corrupt the run history as another process would.
                .product(name: "GRDB", package: "GRDB.swift"),
                // To check the journal's digests are HMACs with its key, not plain SHA-256s.
                .product(name: "Crypto", package: "swift-crypto"),
            ], exclude: ["Golden"], swiftSettings: settings),
        .testTarget(
            name: "NightshiftCLITests",
            dependencies: [
                "nightshift", "NightshiftApp", "NightshiftCore", "NightshiftEngine", "NightshiftSystem", "NightshiftTestSupport",
            ], resources: [.copy("Golden")], swiftSettings: settings),
        .testTarget(
            name: "EndToEndTests",
            dependencies: nightshiftLibraries + [
                "nightshift", "NightshiftSystem", "NightshiftTestSupport", "NightshiftLanesTestSupport", "NightshiftFakeTransport",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ], exclude: ["Golden"], resources: [.copy("FakeTools")], swiftSettings: settings),
    ]
)
