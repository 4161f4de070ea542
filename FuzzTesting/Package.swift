// swift-tools-version: 6.1
// libFuzzer targets for the parsers. Build and run with ./run.sh.
import PackageDescription

let package = Package(
    name: "FuzzTesting",
    dependencies: [.package(name: "PureX509", path: "..")],
    targets: [
        .executableTarget(name: "FuzzCertificate", dependencies: [.product(name: "PureX509", package: "PureX509")]),
        .executableTarget(name: "FuzzPEM", dependencies: [.product(name: "PureX509", package: "PureX509")]),
    ]
)
