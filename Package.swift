// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "nightshift",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nightshift", targets: ["nightshift"]),
        // Benchmarks only (scripts/bench-*, release builds); not part of `swift test`.
        .executable(name: "nightshift-cron-bench", targets: ["CronBench"]),
        .executable(name: "nightshift-stream-bench", targets: ["StreamBench"]),
        .executable(name: "nightshift-startup-baseline", targets: ["StartupBaseline"]),
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
        .executableTarget(name: "nightshift", dependencies: [
            "NightshiftApp", "NightshiftKit", "NightshiftSystem",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: settings),
        // The system layer: every operating-system call nightshift makes (processes, pipes,
        // signals, locks, descriptors, the clock, the terminal). Its C half holds what Swift's
        // Glibc and Darwin importers spell differently; no other target imports Glibc or Darwin
        // (scripts/check-portability).
        .target(name: "CNightshiftSystem"),
        .target(name: "NightshiftSystem", dependencies: ["CNightshiftSystem"], swiftSettings: settings),
        .target(name: "NightshiftKit", dependencies: [
            "NightshiftSystem",
            .product(name: "Yams", package: "Yams"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: settings),
        // The application layer: each command's behaviour as a function of an injected
        // `CommandEnvironment`, so every command runs in process in tests. No ArgumentParser here.
        .target(name: "NightshiftApp", dependencies: ["NightshiftKit", "NightshiftSystem"], swiftSettings: settings),
        .executableTarget(name: "CronBench", dependencies: ["NightshiftKit"],
                          path: "Benchmarks/CronBench", swiftSettings: settings),
        .executableTarget(name: "StreamBench", dependencies: ["NightshiftKit", "NightshiftSystem"],
                          path: "Benchmarks/StreamBench", swiftSettings: settings),
        .executableTarget(name: "StartupBaseline", dependencies: [
            "NightshiftKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Benchmarks/StartupBaseline", swiftSettings: settings),
        .target(name: "NightshiftTestSupport", dependencies: [
            "NightshiftKit", "NightshiftSystem", .product(name: "FlyingFox", package: "FlyingFox"),
        ], path: "Tests/NightshiftTestSupport", swiftSettings: settings),
        .testTarget(name: "NightshiftKitTests", dependencies: [
            "NightshiftKit", "NightshiftSystem", "NightshiftTestSupport",
            .product(name: "FlyingFox", package: "FlyingFox"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            // To lock, corrupt and hand-edit the run history as other processes would.
            .product(name: "GRDB", package: "GRDB.swift"),
        ], resources: [.copy("Fixtures")], swiftSettings: settings),
        .testTarget(name: "NightshiftAppTests", dependencies: [
            "NightshiftApp", "NightshiftKit", "NightshiftSystem", "NightshiftTestSupport",
            // To lock and corrupt the run history as another process would.
            .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: settings),
        .testTarget(name: "NightshiftCLITests", dependencies: [
            "nightshift", "NightshiftApp", "NightshiftKit", "NightshiftSystem", "NightshiftTestSupport",
        ], resources: [.copy("Golden")], swiftSettings: settings),
        .testTarget(name: "EndToEndTests", dependencies: [
            "nightshift", "NightshiftKit", "NightshiftSystem", "NightshiftTestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
        ], exclude: ["Golden"], resources: [.copy("FakeTools")], swiftSettings: settings),
    ]
)
