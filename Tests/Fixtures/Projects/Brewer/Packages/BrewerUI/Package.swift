// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "BrewerUI",
    platforms: [.iOS(.v17), .watchOS(.v10)],
    products: [.library(name: "BrewerUI", targets: ["BrewerUI"])],
    targets: [.target(name: "BrewerUI", resources: [.process("Resources")])]
)
